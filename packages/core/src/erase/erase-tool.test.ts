import 'reflect-metadata';
import * as decodeFunction from '../decode/create-decode-function';
import { Param } from '../decorators/param';
import { Tool } from '../decorators/tool';
import { ToolSet } from '../toolset/tool-set';
import { eraseTool } from './erase-tool';

class LookupArgs {
  @Param({ description: 'The key', minLength: 1 })
  key!: string;
}

@Tool({ name: 'lookup', description: 'Look a key up.', args: LookupArgs })
class Lookup {
  run(args: LookupArgs) {
    return `value of ${args.key}`;
  }
}

describe('eraseTool', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes the decoder on the first call, not when the tool is erased', async () => {
    const made = jest.spyOn(decodeFunction, 'createDecodeFunction');
    const tools = new ToolSet().add(eraseTool(new Lookup()));
    expect(tools.definitions()[0]!.inputSchema).toMatchObject({ required: ['key'] });
    expect(made).not.toHaveBeenCalled();

    const first = await tools.call('lookup', '{"key":"a"}');
    const refused = await tools.call('lookup', '{"key":""}');
    const streamed = await tools.call('lookup', '{"key":"b"}', { onProgress: () => undefined });
    expect(first.ok && first.value).toBe('value of a');
    expect(refused.ok || refused.error.kind).toBe('invalid_arguments');
    expect(streamed.ok && streamed.value).toBe('value of b');
    // One decoder for every later call, streamed or not.
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad argument size limit when the tool is erased, not on its first call', () => {
    @Tool({ name: 'lookup', description: 'Look a key up.', args: LookupArgs, maxArgumentBytes: 1.5 })
    class Fractional {
      run() {
        return 'never';
      }
    }
    expect(() => eraseTool(new Fractional())).toThrow(
      'maxArgumentBytes must be a positive integer (it is 1.5).',
    );
  });
});
