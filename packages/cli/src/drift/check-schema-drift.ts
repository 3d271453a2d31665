import type { RegisteredTool } from '@toolwright/registry';
import type { ts } from 'typescript-json-schema';
import { compareSchemas } from './compare-schemas';
import type { DriftReport, LocatedDrift } from './drift-report';
import type { UncheckedProperty } from './schema-drift';
import { findArgsClass, location } from './find-args-class';
import { schemaShape } from './schema-shape';
import type { TypescriptJsonSchema } from './typescript-module';

interface ArgsClassEntry {
  readonly declaration: ts.ClassDeclaration;
  readonly tools: string[];
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/**
 * Compares each tool's decorator schema with the schema typescript-json-schema derives from its
 * args class's TypeScript type, in the program of `tsconfig`. Each args class is compared once,
 * whatever number of tools share it.
 */
export function checkSchemaDrift(
  TJS: TypescriptJsonSchema,
  tools: readonly RegisteredTool[],
  tsconfig: string,
  baseDirectory: string,
): DriftReport {
  const typescript = TJS.ts;
  const program = TJS.programFromConfig(tsconfig);
  const generator = TJS.buildGenerator(program, {
    required: true,
    ignoreErrors: true,
    uniqueNames: true,
    strictNullChecks: true,
  });
  if (generator === null)
    throw new Error(`typescript-json-schema could not read the program of ${tsconfig}.`);

  const entries = new Map<ts.ClassDeclaration, ArgsClassEntry>();
  const withoutArguments: string[] = [];
  const unchecked: { tool: string; reason: string }[] = [];
  for (const tool of tools) {
    const source = tool.erased.definition.source;
    if (source?.className === undefined || tool.source === 'dynamic') {
      unchecked.push({ tool: tool.name, reason: 'not declared by a class (a dynamic tool)' });
      continue;
    }
    const lookup = findArgsClass(typescript, program, {
      toolName: tool.name,
      className: source.className,
      ...(source.methodName === undefined ? {} : { methodName: source.methodName }),
    });
    if ('none' in lookup) {
      withoutArguments.push(tool.name);
    } else if ('unchecked' in lookup) {
      const functionTool = source.className === tool.name && lookup.unchecked.startsWith('no class');
      unchecked.push({
        tool: tool.name,
        reason: functionTool ? 'written with defineTool (no class to compare)' : lookup.unchecked,
      });
    } else {
      const entry = entries.get(lookup.found) ?? {
        declaration: lookup.found,
        tools: [],
        inputSchema: tool.inputSchema,
      };
      entry.tools.push(tool.name);
      entries.set(lookup.found, entry);
    }
  }

  const drifts: LocatedDrift[] = [];
  const uncheckedProperties: UncheckedProperty[] = [];
  const checked: { tool: string; argsClass: string }[] = [];
  for (const entry of entries.values()) {
    const declaration = entry.declaration;
    const className = declaration.name?.text ?? '(anonymous class)';
    const symbol = program.getTypeChecker().getSymbolAtLocation(declaration.name!);
    const references = generator.getSymbols(className).filter((reference) => reference.symbol === symbol);
    if (references.length !== 1) {
      for (const tool of entry.tools)
        unchecked.push({ tool, reason: `typescript-json-schema did not list ${className}` });
      continue;
    }
    let typed: Readonly<Record<string, unknown>>;
    try {
      typed = generator.getSchemaForSymbol(references[0]!.name, true) as Readonly<Record<string, unknown>>;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const readonlyArray = /ReadonlyArray/.test(message)
        ? readonlyArrayMember(typescript, declaration)
        : undefined;
      const reason =
        readonlyArray !== undefined
          ? `typescript-json-schema cannot read the readonly array type of ${className}.${readonlyArray}, so no property of ${className} was compared; write T[] (the decoder makes a fresh array anyway) to compare it`
          : `typescript-json-schema failed on ${className}: ${message}`;
      for (const tool of entry.tools) unchecked.push({ tool, reason });
      continue;
    }
    for (const tool of entry.tools) checked.push({ tool, argsClass: className });
    const found = compareSchemas(
      schemaShape(entry.inputSchema, entry.inputSchema),
      schemaShape(typed, typed),
      className,
      uncheckedProperties,
    );
    for (const drift of found) {
      const member = memberNamed(typescript, declaration, drift.property.split(/[.[]/)[0]!);
      drifts.push({
        ...drift,
        tools: entry.tools,
        location: location(typescript, member ?? declaration, baseDirectory),
      });
    }
  }
  return { drifts, checked, withoutArguments, unchecked, uncheckedProperties };
}

function memberNamed(
  typescript: TypescriptJsonSchema['ts'],
  declaration: ts.ClassDeclaration,
  name: string,
): ts.Node | undefined {
  return declaration.members.find(
    (member) => typescript.isPropertyDeclaration(member) && member.name.getText() === name,
  );
}

// The first property typed `readonly T[]` or `ReadonlyArray<T>`, which typescript-json-schema cannot read.
function readonlyArrayMember(
  typescript: TypescriptJsonSchema['ts'],
  declaration: ts.ClassDeclaration,
): string | undefined {
  for (const member of declaration.members) {
    if (!typescript.isPropertyDeclaration(member) || member.type === undefined) continue;
    const text = member.type.getText();
    if (/^readonly\s/.test(text) || /^ReadonlyArray</.test(text)) return member.name.getText();
  }
  return undefined;
}
