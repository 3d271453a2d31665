import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport, type ClientCapabilities } from '@modelcontextprotocol/client';
import { clientOptions, type Revision } from './helpers';

/** An SDK client connected to a Streamable HTTP endpoint, speaking `revision`. */
export async function httpClient(
  url: string,
  capabilities: ClientCapabilities = {},
  revision: Revision = '2025-11-25',
): Promise<Client> {
  const client = new Client(
    { name: 'http-test-client', version: '1.0.0' },
    clientOptions(revision, capabilities),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** What a raw HTTP exchange returned. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request with exactly the headers given (including `Host`), for what an SDK client would not send. */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'POST',
        headers: options.headers,
        setHost: options.headers?.['Host'] === undefined,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The JSON body of an `initialize` request. */
export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** Headers a Streamable HTTP POST needs. */
export const POST_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};
