import { readServerSentEvents, type ServerSentEvent } from './server-sent-events';

function body(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: readonly string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(body(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads events split anywhere across chunks, a CRLF split in two included', async () => {
    const text = 'event: message_start\r\ndata: {"a":1}\r\n\r\ndata: [DONE]\r\n\r\n';
    const everyCut = await Promise.all(
      Array.from({ length: text.length - 1 }, (_, cut) =>
        read([text.slice(0, cut + 1), text.slice(cut + 1)]),
      ),
    );
    for (const events of everyCut) {
      expect(events).toEqual([
        { event: 'message_start', data: '{"a":1}' },
        { event: 'message', data: '[DONE]' },
      ]);
    }
  });

  it('ignores comments, joins multi-line data, and keeps a value without the optional space', async () => {
    expect(await read([': keep-alive\n\ndata:one\ndata: two\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('reads lone CR line ends', async () => {
    expect(await read(['data: x\r\rdata: y\r\r'])).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('delivers a last event that lacks its blank line', async () => {
    expect(await read(['data: first\n\ndata: last\n'])).toEqual([
      { event: 'message', data: 'first' },
      { event: 'message', data: 'last' },
    ]);
  });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('data: héllo\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'héllo' }]);
  });
});
