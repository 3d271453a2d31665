import { TaskCalls } from '../server/tasks/task-calls';
import type { McpClientLike } from './mcp-client-like';
import { watchForTask } from './remote-task';

function tappedClient(): { client: McpClientLike; sent: unknown[]; delivered: unknown[] } {
  const sent: unknown[] = [];
  const delivered: unknown[] = [];
  const transport = {
    send: (message: unknown) => {
      sent.push(message);
      return Promise.resolve();
    },
    onmessage: (message: unknown) => void delivered.push(message),
  };
  return { client: { transport } as unknown as McpClientLike, sent, delivered };
}

describe('watchForTask (the task answer of a tools/call, read off the transport)', () => {
  it('finds the task answering its own call among others, and passes every message on', async () => {
    const { client, sent, delivered } = tappedClient();
    const mine = { path: 'a' };
    const other = { path: 'a' };
    const ticket = watchForTask(client, mine)!;
    const transport = client.transport as unknown as {
      send: (message: unknown) => Promise<void>;
      onmessage: (message: unknown) => void;
    };
    await transport.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 't', arguments: other },
    });
    await transport.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 't', arguments: mine },
    });
    transport.onmessage({ jsonrpc: '2.0', id: 1, result: { resultType: 'task', taskId: 'not-mine' } });
    expect(ticket.task).toBeUndefined();
    transport.onmessage({ jsonrpc: '2.0', id: 2, result: { resultType: 'task', taskId: 'mine' } });
    expect(ticket.task).toMatchObject({ taskId: 'mine' });
    expect(sent).toHaveLength(2);
    expect(delivered).toHaveLength(2);
  });

  it('hands a task that answers after its call was given up to whenTask (to be cancelled)', async () => {
    const { client } = tappedClient();
    const args = {};
    const ticket = watchForTask(client, args)!;
    const transport = client.transport as unknown as {
      send: (message: unknown) => Promise<void>;
      onmessage: (message: unknown) => void;
    };
    await transport.send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 't', arguments: args },
    });
    const late: unknown[] = [];
    ticket.whenTask((task) => late.push(task));
    ticket.done();
    transport.onmessage({ jsonrpc: '2.0', id: 9, result: { resultType: 'task', taskId: 'late' } });
    expect(late).toEqual([expect.objectContaining({ taskId: 'late' })]);
  });
});

describe('a task whose creating request was aborted before the answer', () => {
  it('is cancelled at once, its tool signal aborted (nobody could learn its id)', async () => {
    const tasks = new TaskCalls();
    let toolSignal: AbortSignal | undefined;
    const answer = (await tasks.start({
      toolName: 'hang',
      support: { elicitation: false, sampling: false, roots: false } as never,
      onError: (error) => {
        throw error;
      },
      requestSignal: AbortSignal.abort(),
      run: (signal) => {
        toolSignal = signal;
        return new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ content: [] }), { once: true }),
        );
      },
    })) as Record<string, unknown>;
    const task = await tasks.store.get(answer['taskId'] as string);
    expect(task?.status).toBe('cancelled');
    expect(toolSignal?.aborted).toBe(true);
  });
});
