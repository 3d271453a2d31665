'use strict';
// The read_file tool written the toolwright way: a decorated args class and a @Tool class, erased
// into a ToolSet. Plain JavaScript, so the decorators are applied as tsc's output applies them,
// design:type included (lib/decorate.js).
const { requireBuilt } = require('../lib/pending');
const { decorateProperty, decorateClass } = require('../lib/decorate');
const {
  TOOL_NAME,
  TOOL_DESCRIPTION,
  readFileBody,
  manyName,
  manyDescription,
  manySuffix,
} = require('../lib/fixture');

function core(extra = []) {
  const tw = requireBuilt('@toolwright/core', [
    'Param',
    'Tool',
    'ToolSet',
    'eraseTool',
    'schemaOf',
    ...extra,
  ]);
  require('reflect-metadata'); // the copy core uses (a single copy in the repository, checked by CI)
  return tw;
}

/** read_file's three arguments: name, design type, and the @Param options of section 1. */
const READ_FILE_FIELDS = [
  ['path', String, { minLength: 1 }],
  ['offset', Number, { optional: true, integer: true, minimum: 1 }],
  ['limit', Number, { optional: true, integer: true, minimum: 1, maximum: 10000 }],
];

/**
 * The args class and the tool class of read_file, named with `suffix`. `decoratorsFor(options)`
 * gives each argument's decorators (applied with its design:type, as tsc emits them); without it
 * the args class has no decorator and no metadata at all.
 */
function readFileClasses(suffix, decoratorsFor) {
  const Args = class {};
  Object.defineProperty(Args, 'name', { value: `ReadFileArgs${suffix}` });
  if (decoratorsFor !== undefined) {
    for (const [field, designType, options] of READ_FILE_FIELDS)
      decorateProperty(Args, `${field}${suffix}`, designType, decoratorsFor(options));
  }
  const ReadFile = class {
    run(args) {
      return readFileBody(args);
    }
  };
  Object.defineProperty(ReadFile, 'name', { value: `ReadFile${suffix}` });
  return { Args, ReadFile };
}

/**
 * Defines one args class + tool class. suffix '' gives the read_file of section 1; suffix `_i`
 * gives the i-th distinct tool of section 2 (field names path_i, offset_i, limit_i).
 */
function defineReadFile(
  tw,
  { name = TOOL_NAME, description = TOOL_DESCRIPTION, suffix = '', requires, task } = {},
) {
  const { Param, Tool } = tw;
  const { Args, ReadFile } = readFileClasses(suffix, (options) => [Param(options)]);
  const options = readFileToolOptions(name, description, Args);
  if (requires !== undefined) options.requires = requires;
  if (task !== undefined) options.task = task;
  return { Args, ReadFile: decorateClass(ReadFile, [Tool(options)]) };
}

/** The options a program writes in read_file's `@Tool({ … })`. */
function readFileToolOptions(name, description, Args) {
  return { name, description, kind: 'read', readOnly: true, args: Args };
}

/** The i-th of N distinct tools (section 2). */
const defineMany = (tw, i) =>
  defineReadFile(tw, { name: manyName(i), description: manyDescription(i), suffix: manySuffix(i) });

/**
 * The same two classes as `defineMany` with no decorator at all, and the options object its
 * `@Tool` is given (the program's own literal, name and description included): what a program
 * holds before toolwright adds anything; with `designTypes`, plus the design:type metadata tsc
 * emits for the three decorated properties (reflect-metadata's maps). The baselines of section 2's
 * memory.
 */
function defineManyBare(i, { designTypes = false } = {}) {
  const { Args, ReadFile } = readFileClasses(manySuffix(i), designTypes ? () => [] : undefined);
  return { Args, ReadFile, options: readFileToolOptions(manyName(i), manyDescription(i), Args) };
}

function readFileToolSet(tw, eraseOptions, setOptions) {
  const { ReadFile } = defineReadFile(tw);
  const tools = new tw.ToolSet(setOptions);
  tools.add(tw.eraseTool(new ReadFile(), eraseOptions));
  return tools;
}

/**
 * read_file declaring its output (`{ path: string ≥ 1 char, lines: integer ≥ 0 }`, what its body
 * returns), in a ToolSet whose output validation is `mode` (`strict` is the default).
 */
function readFileOutputToolSet(tw, mode) {
  const { Param, Tool } = tw;
  const Output = class {};
  Object.defineProperty(Output, 'name', { value: 'ReadFileOutput' });
  decorateProperty(Output, 'path', String, [Param({ minLength: 1 })]);
  decorateProperty(Output, 'lines', Number, [Param({ integer: true, minimum: 0 })]);
  const { Args, ReadFile } = readFileClasses('', (options) => [Param(options)]);
  const Decorated = decorateClass(ReadFile, [
    Tool({ ...readFileToolOptions(TOOL_NAME, TOOL_DESCRIPTION, Args), output: Output }),
  ]);
  const tools = new tw.ToolSet({ outputValidation: mode });
  tools.add(tw.eraseTool(new Decorated()));
  return tools;
}

/** Outcome of a ToolResult: the value, or the model-visible error text. */
function toolResultOutcome(r) {
  if (r?.ok === true) return { ok: true, value: r.value };
  const text = r?.content?.find?.((c) => c.type === 'text')?.text;
  return { ok: false, error: text ?? r?.error ?? r };
}

module.exports = {
  core,
  defineReadFile,
  defineMany,
  defineManyBare,
  readFileToolSet,
  readFileOutputToolSet,
  toolResultOutcome,
};
