import { createToken } from '../../src/context/token';
import { ToolError } from '../../src/errors/tool-error';
import { ToolSet } from '../../src/toolset/tool-set';
import { errorOf, testTool } from './test-tool';

interface Credentials {
  readonly apiKey: string;
  readonly workspaceRoot: string;
}
const CredentialsToken = createToken<Credentials>('Credentials');
const credentials: Credentials = {
  apiKey: 'sk-live-9f8e7d6c5b4a',
  workspaceRoot: '/home/alice/acme-internal',
};

describe('secrets in failures never reach the model (F2, R9)', () => {
  it('keeps a secret in a thrown message out of the model text', async () => {
    const tools = new ToolSet().add(
      testTool('fetch_report', () => {
        throw new Error('401 from https://api.example.com?key=sk-live-9f8e7d6c5b4a');
      }),
    );
    const result = await tools.call('fetch_report', '{}');
    expect(JSON.stringify(result.content)).not.toContain('sk-live');
    expect(errorOf(result).modelText).not.toContain('sk-live');
    // The host still sees everything.
    expect(String((errorOf(result).cause as Error).message)).toContain('sk-live-9f8e7d6c5b4a');
  });

  it('scrubs host-only context values from a ToolError the tool wrote itself', async () => {
    const tools = new ToolSet().add(
      testTool('read_file', (args: { path: string }, ctx) => {
        const { workspaceRoot, apiKey } = ctx.require(CredentialsToken);
        throw ToolError.notFound(`No file ${workspaceRoot}/${args.path} (auth ${apiKey}). Check the path.`);
      }),
    );
    const result = await tools.call('read_file', '{"path":"a.ts"}', {
      extensions: [[CredentialsToken, credentials]],
    });
    expect(result.content).toEqual([
      { type: 'text', text: 'No file [redacted]/a.ts (auth [redacted]). Check the path.' },
    ]);
    expect(errorOf(result).modelText).toBe('No file [redacted]/a.ts (auth [redacted]). Check the path.');
    expect(errorOf(result).kind).toBe('not_found');
  });

  it('scrubs values the tool recorded as host-only results', async () => {
    const Token = createToken<string>('SignedUrl');
    const tools = new ToolSet().add(
      testTool('upload', (_args, ctx) => {
        ctx.setResult(Token, 'https://bucket.example.com/upload?sig=abcdef123456');
        throw ToolError.conflict(
          'Upload to https://bucket.example.com/upload?sig=abcdef123456 was rejected: object exists.',
        );
      }),
    );
    const result = await tools.call('upload', '{}');
    expect(result.content).toEqual([
      { type: 'text', text: 'Upload to [redacted] was rejected: object exists.' },
    ]);
    expect(result.meta.hostResults.get(Token)).toBe('https://bucket.example.com/upload?sig=abcdef123456');
  });
});
