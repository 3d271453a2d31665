import { ToolError } from '@toolwright/core';
import type { InvalidToolCall } from './invalid-tool-call';
import { retryWithErrorFeedback } from './retry-with-error-feedback';

function invalid(retries: number): InvalidToolCall {
  return {
    call: { id: 'c1', name: 'read_file', arguments: '{}' },
    reason: 'invalid_arguments',
    error: ToolError.invalidArguments('read_file needs "path" (a string).'),
    turn: 1,
    attempt: 1,
    retries,
    availableTools: ['read_file'],
    transcript: [],
  };
}

describe('retryWithErrorFeedback', () => {
  it('sends the error text and asks for the corrected call', () => {
    expect(retryWithErrorFeedback()(invalid(0))).toEqual({
      action: 'retry',
      feedback: 'read_file needs "path" (a string).\nCorrect the call and send it again (retry 1 of 2).',
    });
  });

  it('has no opinion once the retries are spent, or stops when asked to', () => {
    expect(retryWithErrorFeedback({ maxRetries: 2 })(invalid(2))).toBeUndefined();
    expect(retryWithErrorFeedback({ maxRetries: 1, whenExhausted: 'stop' })(invalid(1))).toEqual({
      action: 'stop',
      reason: 'the model made 2 invalid tool calls in a row; the last: read_file needs "path" (a string).',
    });
  });
});
