import { ToolError } from '@toolwright/core';
import type { InvalidCallReason, InvalidToolCall } from './invalid-tool-call';
import { repairNearMissNames } from './repair-near-miss-names';

const TOOLS = ['read_file', 'write_file', 'list_dir', 'grep', 'glob'];

function invalid(name: string, reason: InvalidCallReason = 'unknown_tool', attempt = 1): InvalidToolCall {
  return {
    call: { id: 'c1', name, arguments: '{}' },
    reason,
    error: ToolError.notFound('Unknown tool.'),
    turn: 1,
    attempt,
    retries: 0,
    availableTools: TOOLS,
    transcript: [],
  };
}

describe('repairNearMissNames', () => {
  const hook = repairNearMissNames({ maxDistance: 2 });

  it.each([
    ['raed_file', 'read_file'],
    ['read_fiel', 'read_file'],
    ['ReadFile', 'read_file'],
    ['read-file', 'read_file'],
    ['write_fle', 'write_file'],
    ['listdir', 'list_dir'],
  ])('repairs %s to %s', (name, expected) => {
    expect(hook(invalid(name))).toEqual({ action: 'repair', toolName: expected });
  });

  it('leaves distant names, ambiguous names and very short names alone', () => {
    expect(hook(invalid('delete_everything'))).toBeUndefined();
    // One edit from both read_file and read_line: ambiguous.
    expect(hook({ ...invalid('read_fine'), availableTools: ['read_file', 'read_line'] })).toBeUndefined();
    expect(hook(invalid('grp'))).toBeUndefined();
  });

  it('respects maxDistance', () => {
    expect(repairNearMissNames({ maxDistance: 1 })(invalid('raed_fiel'))).toBeUndefined();
    expect(repairNearMissNames({ maxDistance: 2 })(invalid('raed_fiel'))).toEqual({
      action: 'repair',
      toolName: 'read_file',
    });
  });

  it('repairs names only, and only the model’s own call', () => {
    expect(hook(invalid('raed_file', 'invalid_arguments'))).toBeUndefined();
    expect(hook(invalid('raed_file', 'unknown_tool', 2))).toBeUndefined();
    expect(hook(invalid('raed_file', 'disallowed_tool'))).toEqual({
      action: 'repair',
      toolName: 'read_file',
    });
  });
});
