import 'reflect-metadata';
import { Param, createArgsDecoder, getArgsModel, ToolError } from '@toolwright/core';
import { compileModel } from '../../src/decode/compile-model';

// The accelerator (the flat-object scanner and generated code) sits in front of the reference
// decoder (JSON.parse and the shared closures). Turned off, the reference path decodes alone;
// either way every input has the same outcome.
function argsClass() {
  class SearchArgs {
    @Param({ minLength: 1, maxLength: 100 }) pattern!: string;
    @Param({ optional: true, integer: true, minimum: 1, maximum: 50 }) limit?: number;
    @Param({ optional: true }) ignoreCase?: boolean;
  }
  return SearchArgs;
}

const TEXTS = [
  '{"pattern":"a.ts","limit":10}',
  '{"pattern":"a.ts","limit":"10","ignoreCase":"true"}',
  '{"pattern":"","limit":"ten"}',
  '{"pattern":"a","pattern":"b"}',
  '{"pattern":"a","extra":1}',
  '{"pattern":"\\u00e9t\\u00e9"}',
  '{"pattern":"a","limit":null}',
  '{"pattern":"a",}',
  '',
  '[]',
  '{"pattern":"a","limit":10.5}',
  '{"pattern":"a","__proto__":{}}',
];

function outcome(value: unknown): unknown {
  if (value instanceof ToolError) return { kind: value.kind, text: value.modelText };
  return { ...(value as object) };
}

describe('the reference decoding path (accelerate: false)', () => {
  it('never builds a scanner nor generates code, however hot the tool', () => {
    const Args = argsClass();
    const model = getArgsModel(Args);
    const reference = createArgsDecoder<object>(model, { toolName: 'search', accelerate: false });
    for (let index = 0; index < 2_000; index++) reference('{"pattern":"a.ts","limit":10}');
    expect(compileModel(model).implementation.generated).toBe(false);
  });

  it('gives every input the outcome of the accelerated path', () => {
    const reference = createArgsDecoder<object>(getArgsModel(argsClass()), {
      toolName: 'search',
      accelerate: false,
    });
    const accelerated = createArgsDecoder<object>(getArgsModel(argsClass()), { toolName: 'search' });
    // Hot: past the scanner's and the generated code's thresholds.
    for (let index = 0; index < 1_100; index++) accelerated('{"pattern":"a.ts","limit":10}');
    for (const text of TEXTS) expect(outcome(reference(text))).toEqual(outcome(accelerated(text)));
  });
});
