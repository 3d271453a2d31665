import { types } from 'node:util';

// Every error toolwright throws is a native Error with a `Symbol.for` brand and a static `is()`
// that recognises it from another installed copy of its package, where `instanceof` cannot.

type Loaded = Record<string, any>;

/** A fresh copy of every toolwright package, as a second install in node_modules would give. */
function loadCopy(): Loaded {
  let loaded: Loaded = {};
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- a fresh copy needs a fresh require */
    loaded = {
      ...require('@toolwright/core'),
      ...require('@toolwright/resources'),
      ...require('@toolwright/registry'),
      ...require('@toolwright/agent'),
      CliFailure: require('../src/cli-failure').CliFailure,
      ModuleLoadError: require('../src/load/module-load-error').ModuleLoadError,
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  return loaded;
}

const ERRORS: readonly [string, (copy: Loaded) => Error][] = [
  ['ToolError', (copy) => copy['ToolError'].notFound('gone')],
  [
    'ToolDefinitionError',
    (copy) => new copy['ToolDefinitionError']([{ code: 'invalid_name', where: 'X', message: 'm', fix: 'f' }]),
  ],
  ['UriTemplateError', (copy) => new copy['UriTemplateError']('{x', 2, 'unclosed')],
  ['ResourceValidationError', (copy) => new copy['ResourceValidationError']('in the snapshot', [])],
  ['FinalizeError', (copy) => new copy['FinalizeError']([])],
  ['ToolEnvelopeError', (copy) => new copy['ToolEnvelopeError']('bad namespace', 'namespace')],
  ['ModelError', (copy) => new copy['ModelError']('http', 'Bad Gateway', { status: 502 })],
  ['ApprovalStateError', (copy) => new copy['ApprovalStateError']('tampered_state', 'changed')],
  ['CliFailure', (copy) => new copy['CliFailure']('no such file', 2)],
  ['ModuleLoadError', (copy) => new copy['ModuleLoadError']('module_not_found', 'no such module')],
];

describe('toolwright errors', () => {
  const first = loadCopy();
  const second = loadCopy();

  it('come from two separate copies in this test', () => {
    expect(first['FinalizeError']).not.toBe(second['FinalizeError']);
  });

  describe.each(ERRORS)('%s', (name, make) => {
    const error = make(first);

    it('is a native error named after its class', () => {
      expect(types.isNativeError(error)).toBe(true);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(String(error).startsWith(`${name}: `)).toBe(true);
      expect(Object.keys(error)).not.toContain('name');
    });

    it('is recognised by is() from another copy, where instanceof fails', () => {
      expect(error).not.toBeInstanceOf(second[name]);
      expect(second[name].is(error)).toBe(true);
      expect(first[name].is(error)).toBe(true);
    });

    it('is() refuses other errors and values, and never throws', () => {
      expect(second[name].is(new Error(error.message))).toBe(false);
      expect(second[name].is({ name, message: error.message })).toBe(false);
      expect(second[name].is(null)).toBe(false);
      const hostile = new Proxy(
        {},
        {
          get() {
            throw new Error('trap');
          },
        },
      );
      expect(second[name].is(hostile)).toBe(false);
      for (const [other] of ERRORS) {
        if (other === name || (name === 'ModuleLoadError' && other === 'CliFailure')) continue;
        expect(second[other].is(error)).toBe(false);
      }
    });
  });

  it('a ModuleLoadError is a CliFailure too, across copies', () => {
    const error = new first['ModuleLoadError']('module_not_found', 'no such module');
    expect(second['CliFailure'].is(error)).toBe(true);
    expect(error.exitCode).toBe(2);
  });
});
