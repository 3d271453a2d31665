import { approvalPolicy } from './tool-approval';
import type { AdaptedTool } from './adapter-source';

const tool = (hints: Partial<AdaptedTool>): AdaptedTool => ({
  name: 't',
  description: 'T.',
  inputSchema: { type: 'object' },
  strictInputSchema: undefined,
  readOnly: false,
  destructive: false,
  timeoutMs: undefined,
  ...hints,
});
const request = (hints: Partial<AdaptedTool>) => ({
  toolName: 't',
  callId: 'c',
  arguments: {},
  tool: tool(hints),
});

describe('approvalPolicy', () => {
  it("asks for every call with 'always'", () => {
    expect(approvalPolicy('always')(request({ readOnly: true }))).toBe('ask');
  });

  it("asks only for destructive tools that are not read-only with 'destructive'", () => {
    const policy = approvalPolicy('destructive');
    expect(policy(request({ destructive: true }))).toBe('ask');
    expect(policy(request({ destructive: true, readOnly: true }))).toBe('allow');
    expect(policy(request({}))).toBe('allow');
  });

  it('refuses an unknown option, naming the ones it takes', () => {
    expect(() => approvalPolicy('sometimes' as never)).toThrow(
      `approval must be 'always', 'destructive' or a function; received "sometimes".`,
    );
  });
});
