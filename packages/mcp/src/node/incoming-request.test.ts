import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WATCH_CONNECTION } from '../server/call-signal';
import { IncomingRequest, incomingRequest } from './incoming-request';

// The web Request view of a node:http request: what it answers itself, what it hands to a whole
// Request, and when its connection counts as closed early (before the response was finished).

async function exchange(
  handler: (incoming: IncomingMessage, response: ServerResponse) => void | Promise<void>,
  options: { headers?: Record<string, string>; hangUpAfterMs?: number } = {},
): Promise<void> {
  const server = createServer((incoming, response) => void handler(incoming, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/mcp?x=1',
        method: 'POST',
        headers: options.headers,
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => resolve());
      req.end('{}');
      if (options.hangUpAfterMs !== undefined)
        setTimeout(() => {
          req.destroy();
          resolve();
        }, options.hangUpAfterMs);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('IncomingRequest', () => {
  it('is a Request with the method, URL and headers of the node:http request', async () => {
    let seen: Record<string, unknown> | undefined;
    await exchange(
      async (incoming, response) => {
        incoming.resume();
        const request = incomingRequest(incoming, response);
        seen = {
          isRequest: request instanceof Request,
          method: request.method,
          url: new URL(request.url).pathname + new URL(request.url).search,
          caller: request.headers.get('x-caller'),
          twice: request.headers.get('x-twice'),
          cache: request.cache,
          body: await request.text(),
        };
        response.end();
      },
      { headers: { 'X-Caller': 'ada', 'X-Twice': 'a' } },
    );
    expect(seen).toEqual({
      isRequest: true,
      method: 'POST',
      url: '/mcp?x=1',
      caller: 'ada',
      twice: 'a',
      cache: 'default',
      body: '',
    });
  });

  it('aborts its signal and tells its watchers when the client hangs up before the answer', async () => {
    let signal: AbortSignal | undefined;
    let watched = 0;
    const closed = new Promise<void>((resolve) =>
      exchange(
        (incoming, response) => {
          incoming.resume();
          const request = new IncomingRequest(incoming, response);
          signal = request.signal;
          expect(request[WATCH_CONNECTION](() => (watched += 1))).toBe(true);
          response.once('close', () => setImmediate(resolve));
        },
        { hangUpAfterMs: 50 },
      ),
    );
    await closed;
    expect(signal?.aborted).toBe(true);
    expect(watched).toBe(1);
  });

  it('does not abort when the response finished, and says when the connection is gone already', async () => {
    let request: IncomingRequest | undefined;
    let watched = 0;
    await exchange((incoming, response) => {
      incoming.resume();
      request = new IncomingRequest(incoming, response);
      request[WATCH_CONNECTION](() => (watched += 1));
      response.end('done');
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(request!.signal.aborted).toBe(false);
    expect(watched).toBe(0);

    let late: boolean | undefined;
    await exchange(
      (incoming, response) => {
        incoming.resume();
        response.once('close', () => {
          late = new IncomingRequest(incoming, response)[WATCH_CONNECTION](() => undefined);
        });
      },
      { hangUpAfterMs: 30 },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(late).toBe(false);
  });
});
