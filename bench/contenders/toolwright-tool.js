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

/**
 * Defines one args class + tool class. suffix '' gives the read_file of section 1; suffix `_i`
 * gives the i-th distinct tool of section 2 (field names path_i, offset_i, limit_i).
 */
function defineReadFile(
  tw,
  { name = TOOL_NAME, description = TOOL_DESCRIPTION, suffix = '', requires } = {},
) {
  const { Param, Tool } = tw;
  const Args = class {};
  Object.defineProperty(Args, 'name', { value: `ReadFileArgs${suffix}` });
  decorateProperty(Args, `path${suffix}`, String, [Param({ minLength: 1 })]);
  decorateProperty(Args, `offset${suffix}`, Number, [Param({ optional: true, integer: true, minimum: 1 })]);
  decorateProperty(Args, `limit${suffix}`, Number, [
    Param({ optional: true, integer: true, minimum: 1, maximum: 10000 }),
  ]);
  let ReadFile = class {
    run(args) {
      return readFileBody(args);
    }
  };
  Object.defineProperty(ReadFile, 'name', { value: `ReadFile${suffix}` });
  const options = { name, description, kind: 'read', readOnly: true, args: Args };
  if (requires !== undefined) options.requires = requires;
  ReadFile = decorateClass(ReadFile, [Tool(options)]);
  return { Args, ReadFile };
}

/**
 * The same two classes as `defineReadFile` with no decorator at all: what a program holds before
 * toolwright adds anything; with `designTypes`, plus the design:type metadata tsc emits for the
 * three decorated properties. The baselines of section 2's memory.
 */
function defineBareReadFile(suffix, { designTypes = false } = {}) {
  const Args = class {};
  Object.defineProperty(Args, 'name', { value: `ReadFileArgs${suffix}` });
  if (designTypes) {
    // Only what tsc's emitDecoratorMetadata adds to a decorated property: reflect-metadata's maps.
    decorateProperty(Args, `path${suffix}`, String, []);
    decorateProperty(Args, `offset${suffix}`, Number, []);
    decorateProperty(Args, `limit${suffix}`, Number, []);
  }
  const ReadFile = class {
    run(args) {
      return readFileBody(args);
    }
  };
  Object.defineProperty(ReadFile, 'name', { value: `ReadFile${suffix}` });
  return { Args, ReadFile };
}

/** The i-th of N distinct tools (section 2). */
const defineMany = (tw, i) =>
  defineReadFile(tw, { name: manyName(i), description: manyDescription(i), suffix: manySuffix(i) });

/** The i-th of N distinct tools' classes, undecorated (optionally with TypeScript's design:type metadata). */
const defineManyBare = (i, options) => defineBareReadFile(manySuffix(i), options);

function readFileToolSet(tw) {
  const { ReadFile } = defineReadFile(tw);
  const tools = new tw.ToolSet();
  tools.add(tw.eraseTool(new ReadFile()));
  return tools;
}

/** Outcome of a ToolResult: the value, or the model-visible error text. */
function toolResultOutcome(r) {
  if (r?.ok === true) return { ok: true, value: r.value };
  const text = r?.content?.find?.((c) => c.type === 'text')?.text;
  return { ok: false, error: text ?? r?.error ?? r };
}

module.exports = { core, defineReadFile, defineMany, defineManyBare, readFileToolSet, toolResultOutcome };
