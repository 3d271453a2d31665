import {
  closestName,
  eraseCatalog,
  eraseTool,
  eraseTools,
  hasCatalogMetadata,
  hasToolMetadata,
  isFunctionTool,
  readCatalogDescriptors,
  readToolDescriptors,
  type CatalogDescriptors,
  ToolDefinitionError,
  ToolError,
  type DefinitionProblem,
  type ErasedTool,
  type ToolDescriptor,
} from '@toolwright/core';
import type { Resources } from '@toolwright/resources';
import type { RegistrableTool } from '../builder/registrable-tool';
import type { CatalogCandidates } from '../catalog/catalog-candidates';
import { catalogNames } from '../catalog/check-catalog';
import type { RegisteredTool } from '../handle/registered-tool';
import { resolveAnnotations } from '../handle/resolve-annotations';
import { kindOfDialectTool } from '../taxonomy/dialect-kinds';
import { isReadOnlyKind } from '../taxonomy/is-read-only-kind';
import { isToolKind, TOOL_KINDS, type ToolKind } from '../taxonomy/tool-kind';
import { toolLabel } from '../taxonomy/tool-label';
import { isToolNamespace, TOOL_NAMESPACES, type ToolNamespace } from '../taxonomy/tool-namespace';
import { readRequirement } from '../requirements/read-requirement';
import { defineStrictInputSchema } from './define-strict-input-schema';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolCandidate } from './tool-candidate';
import type { WorldTool } from './tool-world';

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Whether a value is an erased tool (`defineTool`, `dynamicTool`, `eraseTool` results). */
export function isErasedTool(value: unknown): value is ErasedTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ErasedTool>).execute === 'function' &&
    typeof (value as Partial<ErasedTool>).definition === 'object'
  );
}

/**
 * Turns registrations into registered tools: reads each class's descriptors, checks its dependencies,
 * instantiates it through the container (eagerly: a missing binding is found here, not at call time)
 * and erases it. Every problem goes to `problems`; nothing throws.
 */
export class ToolAssembler {
  /**
   * @param catalog where the resources, templates and prompts of the classes built go; without
   *   one, a class that declares any is a problem (they are registered at finalize only).
   */
  constructor(
    private readonly resources: Resources,
    private readonly defaultNamespace: ToolNamespace,
    private readonly problems: FinalizeProblem[],
    private readonly catalog?: CatalogCandidates,
  ) {}

  /**
   * Adds the tools of one registration to `candidates`; a class whose definitions were read but which
   * could not be built adds its tools to `phantoms` instead.
   */
  assemble(
    tool: RegistrableTool,
    namespace: ToolNamespace | undefined,
    candidates: ToolCandidate[],
    phantoms: WorldTool[],
  ): void {
    if (isErasedTool(tool)) {
      const candidate = this.register(tool, undefined, undefined, namespace);
      if (candidate) candidates.push(candidate);
      return;
    }
    if (isFunctionTool(tool)) {
      const candidate = this.register(eraseTool(tool), tool.descriptor, undefined, namespace);
      if (candidate) candidates.push(candidate);
      return;
    }
    if (typeof tool !== 'function') {
      this.problems.push({
        code: 'invalid_definition',
        message: `registry.tool() was given ${describe(tool)}, which is neither a tool class nor an erased tool.`,
        fix: 'pass a @Tool class, a service class with @Tool methods, a defineTool record, or an erased tool.',
      });
      return;
    }
    this.assembleClass(tool, namespace, candidates, phantoms);
  }

  private assembleClass(
    target: Function,
    namespace: ToolNamespace | undefined,
    candidates: ToolCandidate[],
    phantoms: WorldTool[],
  ): void {
    // A service class may declare resources and prompts beside (or instead of) tools.
    const catalogClass = hasCatalogMetadata(target);
    let descriptors: readonly ToolDescriptor[] = [];
    let catalog: CatalogDescriptors | undefined;
    let readable = true;
    const declaresTools = !catalogClass || hasToolMetadata(target);
    for (const read of [
      declaresTools ? readTools(target) : undefined,
      catalogClass ? readCatalog(target) : undefined,
    ]) {
      if (read === undefined || !(read instanceof ToolDefinitionError)) continue;
      const className = classNameOf(target);
      for (const problem of read.problems) this.problems.push(definitionProblem(problem, className));
      readable = false;
    }
    if (!readable) return;
    if (catalogClass) {
      catalog = readCatalogDescriptors(target);
      if (declaresTools) descriptors = readToolDescriptors(target);
      if (this.catalog === undefined) {
        this.problems.push({
          code: 'invalid_definition',
          message: `${classNameOf(target)} declares resources or prompts (${catalogNames(catalog).join(', ')}), which are registered when the registry is finalized, not added to a running handle.`,
          fix: `register ${classNameOf(target)} with the ToolRegistry before finalize().`,
        });
        return;
      }
    } else {
      descriptors = readToolDescriptors(target);
    }
    let erased: readonly ErasedTool[];
    try {
      // Instantiating resolves every constructor dependency now (F17); only when that fails are the
      // missing ones listed, one problem each, with `check`.
      const instance = this.resources.instantiate(target as new (...args: any[]) => object);
      erased = descriptors.length === 0 ? [] : eraseTools(instance);
      if (catalog !== undefined)
        this.catalog!.add({
          owner: target,
          namespace: namespace ?? this.defaultNamespace,
          descriptors: catalog,
          erased: eraseCatalog(instance, catalog),
        });
    } catch (error) {
      // Only a class that could not be built needs its name, and its tools as phantoms.
      for (const descriptor of descriptors) phantoms.push(phantomOf(descriptor, target));
      const className = classNameOf(target);
      const names = descriptors.map((descriptor) => descriptor.options.name);
      if (catalog !== undefined) names.push(...catalogNames(catalog));
      const tool = descriptors[0]?.options.name;
      const usedBy = `${className} (${names.join(', ')})`;
      const missing =
        ToolError.is(error) && error.kind === 'missing_resource' ? this.resources.check(target) : [];
      if (missing.length > 0) {
        for (const problem of missing) {
          const message = problem.message.startsWith(`${className} `)
            ? `${usedBy}${problem.message.slice(className.length)}`
            : problem.message;
          this.problems.push({ code: 'unbound_dependency', tool, message, fix: `${problem.fix}.` });
        }
        return;
      }
      const cause = ToolError.is(error)
        ? error.modelText
        : error instanceof Error
          ? error.message
          : String(error);
      this.problems.push({
        code:
          ToolError.is(error) && error.kind === 'missing_resource'
            ? 'unbound_dependency'
            : 'instantiation_failed',
        tool,
        message: `${usedBy} could not be built: ${sentence(cause)}`,
        fix: `make ${className}'s constructor (and the factories it needs) succeed when the registry is finalized.`,
      });
      return;
    }
    // A `@Tool` class has one descriptor: only a service class needs a map of them by name.
    const only = descriptors.length === 1 ? descriptors[0] : undefined;
    const byName =
      only === undefined
        ? new Map(descriptors.map((descriptor) => [descriptor.options.name, descriptor]))
        : undefined;
    for (let index = 0; index < erased.length; index += 1) {
      const tool = erased[index]!;
      const name = tool.definition.name;
      const descriptor =
        only === undefined ? byName!.get(name) : only.options.name === name ? only : undefined;
      const candidate = this.register(tool, descriptor, target, namespace);
      if (candidate) candidates.push(candidate);
    }
  }

  /** The registered form of one erased tool; checks name, kind, namespace and requirement shape. */
  register(
    erased: ErasedTool,
    descriptor: ToolDescriptor | undefined,
    owner: Function | undefined,
    namespaceOverride: ToolNamespace | undefined,
  ): ToolCandidate | undefined {
    const definition = erased.definition;
    const name = definition.name;
    const source = sourceOf(erased);
    let ok = true;
    if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
      this.problems.push({
        code: 'invalid_name',
        tool: String(name),
        message: `${source}: the tool name ${JSON.stringify(name)} does not match ^[a-zA-Z0-9_-]{1,64}$ (the limit providers enforce).`,
        fix: 'use letters, digits, _ and -, at most 64 characters, e.g. read_file.',
      });
      ok = false;
    }
    const declaredNamespace = descriptor ? descriptor.options.namespace : definition.namespace;
    const namespace = namespaceOverride ?? declaredNamespace ?? this.defaultNamespace;
    if (!isToolNamespace(namespace)) {
      this.problems.push({
        code: 'invalid_namespace',
        tool: name,
        message: `${name} declares the namespace ${JSON.stringify(namespace)}, which is not one of ${TOOL_NAMESPACES.join(', ')}.`,
        fix: `use one of ${TOOL_NAMESPACES.join(', ')} (tools imported from an MCP server belong in mcp).`,
      });
      ok = false;
    }
    const declaredKind = descriptor ? descriptor.options.kind : definition.kind;
    let kind: ToolKind = 'other';
    if (declaredKind !== undefined && declaredKind !== 'other') {
      if (isToolKind(declaredKind)) kind = declaredKind;
      else {
        this.problems.push({
          code: 'invalid_kind',
          tool: name,
          message: `${name} declares the kind ${JSON.stringify(declaredKind)}, which is not a known kind.`,
          fix: kindFix(String(declaredKind)),
        });
        ok = false;
      }
    } else if (isToolNamespace(namespace)) {
      kind = kindOfDialectTool(namespace, name) ?? 'other';
    }
    const requires = readRequirement(descriptor ? descriptor.options.requires : definition.requires);
    if (requires === 'invalid') {
      this.problems.push({
        code: 'invalid_requirement',
        tool: name,
        message: `${name}'s requires is not a requirement expression.`,
        fix: 'build it with requiresTool, requiresKind, hasParam, paramEquals and Expr.and/or/not from @toolwright/expr.',
      });
      ok = false;
    }
    if (!ok || !isToolNamespace(namespace)) return undefined;
    const declaredReadOnly = descriptor ? descriptor.options.readOnly : definition.readOnly;
    const readOnly = declaredReadOnly ?? isReadOnlyKind(kind);
    const properties = definition.inputSchema['properties'];
    // Frozen once its description is rendered (`checkToolSet`), not here: one object per tool.
    const tool: { -readonly [K in keyof RegisteredTool]: RegisteredTool[K] } = {
      name,
      description: definition.description,
      kind,
      label: toolLabel(kind),
      namespace,
      readOnly,
      annotations: resolveAnnotations(definition.annotations, kind, namespace, readOnly),
      inputSchema: definition.inputSchema,
      parameters: Object.freeze(
        typeof properties === 'object' && properties !== null ? Object.keys(properties) : [],
      ),
      source,
      erased,
    };
    if (definition.title !== undefined) tool.title = definition.title;
    if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
    if (descriptor?.args !== undefined && descriptor.argumentStyle !== 'none') {
      defineStrictInputSchema(tool, descriptor.args);
    }
    return { tool, requires: requires === 'invalid' ? undefined : requires, owner };
  }
}

/** Where a tool came from, for messages: `ReadFile`, `GitHubService.listIssues`, `dynamic tool web_search`. */
export function sourceOf(erased: ErasedTool): string {
  const source = erased.definition.source;
  if (source?.className !== undefined) {
    const method = source.methodName;
    return method === undefined || method === 'run' || method === 'execute'
      ? source.className
      : `${source.className}.${method}`;
  }
  return `erased tool ${erased.definition.name}`;
}

// Reads a class's definitions, giving back the error that lists their problems instead of throwing it.
function readTools(target: Function): ToolDefinitionError | undefined {
  return definitionError(() => readToolDescriptors(target));
}

function readCatalog(target: Function): ToolDefinitionError | undefined {
  return definitionError(() => readCatalogDescriptors(target));
}

function definitionError(read: () => unknown): ToolDefinitionError | undefined {
  try {
    read();
    return undefined;
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
}

function classNameOf(target: Function): string {
  return target.name || 'anonymous class';
}

function phantomOf(descriptor: ToolDescriptor, owner: Function): WorldTool {
  const kind = isToolKind(descriptor.options.kind) ? descriptor.options.kind : 'other';
  return {
    tool: {
      name: descriptor.options.name,
      kind,
      parameters: descriptor.args?.properties.map((p) => p.name) ?? [],
    },
    owner,
  };
}

function definitionProblem(problem: DefinitionProblem, className: string): FinalizeProblem {
  // A problem of an args class names the tool class that uses it (or the tool, when core says which).
  const tool = (problem as { readonly tool?: unknown }).tool;
  const user = typeof tool === 'string' ? tool : className;
  const where = problem.where.startsWith(className) ? problem.where : `${problem.where} (used by ${user})`;
  return {
    code: problem.code === 'invalid_name' ? 'invalid_name' : 'invalid_definition',
    message: `${where}: ${problem.message}`,
    fix: problem.fix,
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function kindFix(declared: string): string {
  const closest = closestName(declared, TOOL_KINDS);
  return closest === undefined
    ? 'use one of TOOL_KINDS, or other.'
    : `use ${closest}, another of TOOL_KINDS, or other.`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
