'use strict';
// The one tool every contender defines and the argument strings every contender is measured on.
// Contenders import from here, so the body, the schema and the inputs are the same everywhere.

const TOOL_NAME = 'read_file';
const TOOL_DESCRIPTION = 'Read a text file from the workspace.';

/** The model's raw arguments, exactly as they arrive: a JSON string. */
const ARGS = Object.freeze({
  valid: '{"path":"src/a.ts","offset":10,"limit":20}',
  /** empty path (minLength 1) and a non-integer offset */
  invalid: '{"path":"","offset":"ten"}',
  /** probe only, never timed: numeric strings for the integer fields */
  coerce: '{"path":"src/a.ts","offset":"10","limit":"20"}',
});

/** What the valid call must produce. */
const EXPECTED = Object.freeze({ path: 'src/a.ts', lines: 20 });

/** The tool body: async, no I/O, identical for every contender. */
async function readFileBody(args) {
  return { path: args.path, lines: args.limit ?? 0 };
}

/** Hand-written JSON Schema of the arguments (ajv, the MCP low-level server, the definitions floor). */
function readFileJsonSchema(suffix = '') {
  return {
    type: 'object',
    properties: {
      [`path${suffix}`]: { type: 'string', minLength: 1 },
      [`offset${suffix}`]: { type: 'integer', minimum: 1 },
      [`limit${suffix}`]: { type: 'integer', minimum: 1, maximum: 10000 },
    },
    required: [`path${suffix}`],
    additionalProperties: false,
  };
}

// ---- N distinct tools (section 2/3): distinct names, descriptions and field names, so nothing can be shared.
const manyName = (i) => `read_file_${i}`;
const manyDescription = (i) => `Read a text file from the workspace (variant ${i}).`;
const manySuffix = (i) => `_${i}`;
const indices = (from, n) => Array.from({ length: n }, (_, k) => from + k);

// ---- The many-tools call rows (section 1): MANY tools called in turn, each with its own names.
const MANY = 1000;

/**
 * The harness's argument text renamed for each of `suffixes` (path → path_i, …), made once per
 * text: `textsFor(json)[i]` is what tool i is called with.
 */
function manyTexts(suffixes) {
  const renamed = new Map();
  return (json) => {
    let texts = renamed.get(json);
    if (texts === undefined) {
      texts = suffixes.map((suffix) => json.replace(/"(path|offset|limit)"(\s*):/g, `"$1${suffix}"$2:`));
      renamed.set(json, texts);
    }
    return texts;
  };
}

/** The suffixes of the MANY tools, in turn order. */
const manySuffixes = () => indices(0, MANY).map(manySuffix);

/** The index of the tool each call goes to: 0, 1, …, MANY − 1, then 0 again. */
function manyTurns() {
  let next = 0;
  return () => {
    const index = next;
    next = index + 1 === MANY ? 0 : index + 1;
    return index;
  };
}

/** The shared body for the tool of `suffix`: it reads path and limit under that tool's own names. */
function manyBody(suffix) {
  const path = `path${suffix}`;
  const limit = `limit${suffix}`;
  return (args) => readFileBody({ path: args[path], limit: args[limit] });
}

/** Normalises an outcome for comparisons: deep-equal the valid result. */
function isExpected(value) {
  return (
    value !== null &&
    typeof value === 'object' &&
    value.path === EXPECTED.path &&
    value.lines === EXPECTED.lines &&
    Object.keys(value).length === 2
  );
}

module.exports = {
  TOOL_NAME,
  TOOL_DESCRIPTION,
  ARGS,
  EXPECTED,
  readFileBody,
  readFileJsonSchema,
  manyName,
  manyDescription,
  manySuffix,
  indices,
  MANY,
  manySuffixes,
  manyTurns,
  manyTexts,
  manyBody,
  isExpected,
};
