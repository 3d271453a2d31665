import 'reflect-metadata';
import { Param } from '../decorators/param';
import { getArgsModel } from '../model/build-args-model';
import type { CompiledModel } from './compiled-model';
import { createDecodeFunction, TEXTS_BEFORE_SCANNING } from './create-decode-function';
import type { DecodeContext } from './decode-context';
import { DEFAULT_DECODE_LIMITS } from './decode-limits';
import * as scanModule from './scan-flat-object';

const scanned: string[] = [];

jest.mock('./scan-flat-object', () => {
  const actual = jest.requireActual<typeof scanModule>('./scan-flat-object');
  return {
    ...actual,
    createTextScanner: jest.fn((compiled: CompiledModel) => {
      const scan = actual.createTextScanner(compiled);
      return scan && ((text: string, context: DecodeContext) => (scanned.push(text), scan(text, context)));
    }),
  };
});

describe('createDecodeFunction', () => {
  it('reads text with JSON.parse at first, then with the model’s scanner', () => {
    class ReadFileArgs {
      @Param({ description: 'Path', minLength: 1 })
      path!: string;

      @Param({ description: 'First line', optional: true, integer: true, minimum: 1 })
      offset?: number;
    }
    const decode = createDecodeFunction<ReadFileArgs>(getArgsModel(ReadFileArgs), DEFAULT_DECODE_LIMITS, 'r');
    const expected = Object.assign(new ReadFileArgs(), { path: 'a.ts', offset: 2 });
    for (let i = 1; i < TEXTS_BEFORE_SCANNING; i++)
      expect(decode('{"path":"a.ts","offset":2}')).toEqual(expected);
    // Parsed values do not count.
    expect(decode({ path: 'a.ts', offset: 2 })).toEqual(expected);
    expect(scanModule.createTextScanner).not.toHaveBeenCalled();
    for (let i = 0; i < 3; i++) expect(decode('{"path":"a.ts","offset":2}')).toEqual(expected);
    expect(scanModule.createTextScanner).toHaveBeenCalledTimes(1);
    expect(scanned).toEqual(Array(3).fill('{"path":"a.ts","offset":2}'));
  });
});
