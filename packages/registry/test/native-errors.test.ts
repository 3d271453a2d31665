import 'reflect-metadata';
import { types } from 'node:util';
import { ToolDefinitionError, ToolError } from '@toolwright/core';
import { ResourceValidationError } from '@toolwright/resources';
import { FinalizeError, ToolEnvelopeError } from '../src';

// Every error toolwright throws is a native error (util.types, structuredClone and loggers see an
// Error) with a Symbol.for brand, so `X.is` recognises one from another installed copy, where
// `instanceof` cannot.
const samples: [string, { is(value: unknown): boolean }, Error][] = [
  ['ToolError', ToolError, new ToolError('internal')],
  [
    'ToolError (a decoding failure)',
    ToolError,
    ToolError.invalidArguments([{ path: 'a', expected: 'x', received: 'y' }]),
  ],
  [
    'ToolDefinitionError',
    ToolDefinitionError,
    new ToolDefinitionError([
      { code: 'missing_type', where: 'A.b', message: 'no type', fix: 'add one' } as never,
    ]),
  ],
  ['FinalizeError', FinalizeError, new FinalizeError([])],
  ['ToolEnvelopeError', ToolEnvelopeError, new ToolEnvelopeError('bad', 'namespace')],
  ['ResourceValidationError', ResourceValidationError, new ResourceValidationError('in the snapshot', [])],
];

describe.each(samples)('%s', (name, type, error) => {
  it('is a native error with a stack', () => {
    expect(types.isNativeError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(typeof error.stack).toBe('string');
    // structuredClone keeps only native errors as errors (the clone is of the outer realm under Jest).
    expect(types.isNativeError(structuredClone(error))).toBe(true);
  });

  it('is recognised by is(), also as a copy from another installed package', () => {
    expect(type.is(error)).toBe(true);
    const foreign = Object.create(null) as Record<symbol, unknown>;
    foreign[Symbol.for(`toolwright.${name.split(' ')[0]}`)] = true;
    expect(type.is(foreign)).toBe(true);
  });

  it('tells other errors and hostile values apart', () => {
    expect(type.is(new Error('plain'))).toBe(false);
    expect(type.is(null)).toBe(false);
    expect(type.is('ToolError')).toBe(false);
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(type.is(hostile)).toBe(false);
    for (const [, other, sample] of samples) if (other !== type) expect(type.is(sample)).toBe(false);
  });
});
