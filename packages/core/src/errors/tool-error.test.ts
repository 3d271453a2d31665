import { TOOL_ERROR_KINDS, type ToolErrorKind } from './tool-error-kind';
import { ToolError } from './tool-error';

const RETRYABLE: readonly ToolErrorKind[] = [
  'rate_limited',
  'concurrency_limited',
  'network',
  'timeout',
  'unavailable',
];
const DETERMINISTIC: readonly ToolErrorKind[] = [
  'invalid_arguments',
  'not_found',
  'not_implemented',
  'permission_denied',
  'missing_resource',
  'invalid_output',
  'payload_too_large',
  'conflict',
];

const CONSTRUCTORS: Record<ToolErrorKind, (text?: string) => ToolError> = {
  invalid_arguments: (text) => ToolError.invalidArguments(text ?? ''),
  not_found: (text) => ToolError.notFound(text),
  not_implemented: (text) => ToolError.notImplemented(text),
  permission_denied: (text) => ToolError.permissionDenied(text),
  rate_limited: (text) => ToolError.rateLimited(text),
  concurrency_limited: (text) => ToolError.concurrencyLimited(text),
  network: (text) => ToolError.network(text),
  timeout: (text) => ToolError.timeout(text),
  cancelled: (text) => ToolError.cancelled(text),
  missing_resource: (text) => ToolError.missingResource(text),
  stream_no_terminal: (text) => ToolError.streamNoTerminal(text),
  invalid_output: (text) => ToolError.invalidOutput(text),
  payload_too_large: (text) => ToolError.payloadTooLarge(text),
  unavailable: (text) => ToolError.unavailable(text),
  conflict: (text) => ToolError.conflict(text),
  execution_failed: (text) => ToolError.executionFailed(text),
  internal: (text) => ToolError.internal(text),
};

describe('ToolError kinds', () => {
  it('lists exactly 17 kinds', () => {
    expect(TOOL_ERROR_KINDS).toHaveLength(17);
    expect(new Set(TOOL_ERROR_KINDS).size).toBe(17);
  });

  it.each(TOOL_ERROR_KINDS.map((kind) => [kind]))(
    '%s: has a static constructor and the documented predicates',
    (kind) => {
      const error = CONSTRUCTORS[kind]();
      expect(error.kind).toBe(kind);
      expect(error).toBeInstanceOf(Error);
      expect(ToolError.is(error)).toBe(true);
      expect(error.retryable).toBe(RETRYABLE.includes(kind));
      expect(error.deterministic).toBe(DETERMINISTIC.includes(kind));
      expect(error.retryable && error.deterministic).toBe(false);
      expect(error.modelText.length).toBeGreaterThan(10);
      expect(error.message).toBe(error.modelText);
    },
  );

  it('keeps a given model text as is', () => {
    expect(ToolError.conflict('The file changed since it was read. Read it again.').modelText).toBe(
      'The file changed since it was read. Read it again.',
    );
  });

  it('names the tool in default texts', () => {
    expect(ToolError.timeout(undefined, { toolName: 'grep' }).modelText).toBe(
      'grep did not finish in time and was stopped. Try again, or ask for less work in one call.',
    );
    expect(ToolError.rateLimited(undefined, { toolName: 'web_search', retryAfterMs: 3000 }).modelText).toBe(
      'web_search is rate limited. Wait about 3 seconds before calling it again.',
    );
  });
});

describe('ToolError.invalidArguments', () => {
  const issues = [
    { path: 'path', expected: 'a string of at least 1 character', received: '"" (empty string)' },
    { path: 'offset', expected: 'an integer >= 1', received: '"ten"' },
  ];

  it('lists each issue on its own line', () => {
    const error = ToolError.invalidArguments(issues, { toolName: 'read_file' });
    expect(error.modelText).toBe(
      [
        'Invalid arguments for read_file:',
        '  - path: expected a string of at least 1 character, received "" (empty string)',
        '  - offset: expected an integer >= 1, received "ten"',
        'Fix these and call read_file again.',
      ].join('\n'),
    );
    expect(error.issues).toEqual(issues);
  });

  it('regenerates the text with the tool name once it is known', () => {
    const anonymous = ToolError.invalidArguments(issues);
    expect(anonymous.modelText.startsWith('Invalid arguments:\n')).toBe(true);
    expect(anonymous.modelText.endsWith('Fix these and call the tool again.')).toBe(true);
    const named = anonymous.withToolName('read_file');
    expect(named.modelText.startsWith('Invalid arguments for read_file:\n')).toBe(true);
    expect(named.issues).toEqual(issues);
    expect(named.stack).toBe(anonymous.stack);
  });

  it('shows the root as (arguments), keeps hints and flattens newlines', () => {
    const error = ToolError.invalidArguments([
      { path: '', expected: 'an object', received: 'an array of 2 items' },
      {
        path: 'edits[0].old_string',
        expected: 'a string',
        received: 'null',
        message: 'copy it\nfrom the file',
      },
    ]);
    expect(error.modelText).toContain('  - (arguments): expected an object, received an array of 2 items\n');
    expect(error.modelText).toContain(
      '  - edits[0].old_string: expected a string, received null; copy it from the file\n',
    );
  });
});

describe('ToolError.from', () => {
  const GENERIC =
    'read_file failed while running; the host has the details. Try another approach or different arguments.';

  it('passes a ToolError through, attributing it to the tool when it names none', () => {
    const original = ToolError.notFound('No file a.ts.');
    const normalized = ToolError.from(original, { toolName: 'read_file' });
    expect(normalized.kind).toBe('not_found');
    expect(normalized.modelText).toBe('No file a.ts.');
    expect(normalized.toolName).toBe('read_file');
    const named = ToolError.notFound('x', { toolName: 'other' });
    expect(ToolError.from(named, { toolName: 'read_file' })).toBe(named);
  });

  it.each([
    ['an Error', new Error('EACCES: /home/alice/.ssh/id_rsa')],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'boom'],
    ['a number', 42],
    [
      'an object whose getters throw',
      Object.defineProperty({}, 'message', {
        get: () => {
          throw new Error('getter');
        },
      }),
    ],
    [
      'an object whose toString throws',
      {
        toString: () => {
          throw new Error('toString');
        },
      },
    ],
    ['a Proxy that throws on every trap', hostileProxy()],
  ])('turns %s into execution_failed with the generic text', (_label, thrown) => {
    const error = ToolError.from(thrown, { toolName: 'read_file' });
    expect(error.kind).toBe('execution_failed');
    expect(error.modelText).toBe(GENERIC);
    expect(error.cause).toBe(thrown);
    expect(typeof error.details?.['thrown']).toBe('string');
    expect(() => JSON.stringify(error)).not.toThrow();
  });

  it('keeps the raw message for the host only', () => {
    const error = ToolError.from(new TypeError('token sk-123456 rejected'), { toolName: 'read_file' });
    expect(error.modelText).not.toContain('sk-123456');
    expect(error.message).not.toContain('sk-123456');
    expect(error.details?.['thrown']).toBe('TypeError: token sk-123456 rejected');
  });

  it('adopts a ToolError from another installed copy of core', () => {
    const foreign = {
      [Symbol.for('toolwright.ToolError')]: true,
      kind: 'rate_limited',
      modelText: 'Slow down.',
      retryAfterMs: 500,
    };
    expect(ToolError.is(foreign)).toBe(true);
    const adopted = ToolError.from(foreign, { toolName: 'web_search' });
    expect(adopted).toBeInstanceOf(ToolError);
    expect(adopted.kind).toBe('rate_limited');
    expect(adopted.retryable).toBe(true);
    expect(adopted.modelText).toBe('Slow down.');
    expect(adopted.retryAfterMs).toBe(500);
    expect(adopted.toolName).toBe('web_search');
  });

  it('treats a foreign error with an unknown kind as internal', () => {
    const adopted = ToolError.from({ [Symbol.for('toolwright.ToolError')]: true, kind: 'exploded' });
    expect(adopted.kind).toBe('internal');
  });
});

describe('ToolError.is', () => {
  it('is false for look-alikes without the brand and never throws', () => {
    expect(ToolError.is({ kind: 'not_found', modelText: 'x' })).toBe(false);
    expect(ToolError.is(new Error('x'))).toBe(false);
    expect(ToolError.is(null)).toBe(false);
    expect(ToolError.is(hostileProxy())).toBe(false);
  });
});

describe('ToolError host diagnostics', () => {
  it('serializes for logs whatever cause and details hold', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    const error = ToolError.internal('x', {
      cause: cyclic,
      details: { big: 10n, fn: () => 1, proxy: hostileProxy() },
    });
    const logged = JSON.parse(JSON.stringify(error)) as Record<string, any>;
    expect(logged['kind']).toBe('internal');
    expect(logged['cause']).toEqual({ name: 'loop', self: '[Circular]' });
    expect(logged['details'].big).toBe('10n');
    expect(logged['details'].fn).toBe('[Function fn]');
    expect(logged['details'].proxy).toBe('[Unreadable]');
  });

  it('scrubs host values from a copy of its model text', () => {
    const error = ToolError.notFound('No file /srv/alice/project/a.ts', { toolName: 'read_file' });
    const scrubbed = error.scrubbed(['/srv/alice/project']);
    expect(scrubbed.modelText).toBe('No file [redacted]/a.ts');
    expect(scrubbed.message).toBe('No file [redacted]/a.ts');
    expect(scrubbed.kind).toBe('not_found');
    expect(error.scrubbed(['nothing-here'])).toBe(error);
  });
});

function hostileProxy(): object {
  const fail = (): never => {
    throw new Error('trap');
  };
  return new Proxy(
    {},
    {
      get: fail,
      has: fail,
      ownKeys: fail,
      getPrototypeOf: fail,
      getOwnPropertyDescriptor: fail,
      apply: fail,
    },
  );
}
