import {
  closestName,
  eraseTool,
  isFunctionTool,
  type CatalogDescriptors,
  ToolDefinitionError,
  ToolError,
  type DefinitionProblem,
  type ErasedTool,
  type ToolDeclaration,
  type ToolDescriptor,
} from '@toolwright/core';
import {
  eraseBound,
  eraseCatalog,
  hasCatalogMetadata,
  hasToolMetadata,
  readCatalogDescriptors,
  readToolDeclarations,
} from '@toolwright/core/internal';
import { ResourceValidationError, type Resources } from '@toolwright/resources';
import type { RegistrableTool } from './registrable-tool';
import type { CatalogCandidates } from '../catalog/catalog-candidates';
import { catalogNames } from '../catalog/check-catalog';
import type { RegisteredTool } from './registered-tool';
import { NO_DEFERRAL, resolveDeferLoading, type DeferLoadingPolicy } from '../deferred/defer-loading-options';
import { resolveAnnotations } from './resolve-annotations';
import { kindOfDialectTool } from '../taxonomy/dialect-kinds';
import { isReadOnlyKind } from '../taxonomy/is-read-only-kind';
import { isToolKind, TOOL_KINDS, type ToolKind } from '../taxonomy/tool-kind';
import { toolLabel } from '../taxonomy/tool-label';
import { isToolNamespace, TOOL_NAMESPACES, type ToolNamespace } from '../taxonomy/tool-namespace';
import { readRequirement } from '../requirements/read-requirement';
import type { Requirement } from '../requirements/requirement';
import { buildLazily } from './build-lazily';
import { defineStrictInputSchema } from './define-strict-input-schema';
import type { FinalizeProblem } from './finalize-problem';
import type { ToolCandidate } from './tool-candidate';
import type { ToolRecord } from './tool-record';

/** Whether a value is an erased tool (`defineTool`, `dynamicTool`, `eraseTool` results). */
export function isErasedTool(value: unknown): value is ErasedTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<ErasedTool>).execute === 'function' &&
    typeof (value as Partial<ErasedTool>).definition === 'object'
  );
}

// What a registration declares about one tool, before it is built.
interface Declared {
  readonly name: unknown;
  readonly source: string;
  readonly kind: unknown;
  readonly namespace: unknown;
  readonly requires: unknown;
  readonly description: unknown;
  readonly parameters: readonly string[];
  readonly owner: Function | undefined;
}

/**
 * Turns registrations into tool records: reads what each registration declares (so every check that
 * needs no instance runs for every tool), then builds what can be built — a class through the
 * container (eagerly: a missing binding is found here, not at call time), only its healthy tools, and
 * erases it. Every problem goes to `problems`; nothing throws.
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
    private readonly deferral: DeferLoadingPolicy = NO_DEFERRAL,
  ) {}

  // The registration's own deferLoading choice, while its records are assembled.
  #registrationDefer: boolean | undefined;

  /** The records of one registration, in declaration order. */
  assemble(
    tool: RegistrableTool,
    namespace: ToolNamespace | undefined,
    deferLoading?: boolean,
  ): ToolRecord[] {
    this.#registrationDefer = deferLoading;
    try {
      if (isErasedTool(tool)) return [this.erasedRecord(tool, undefined, undefined, namespace)];
      if (isFunctionTool(tool)) return [this.erasedRecord(undefined, tool, tool.descriptor, namespace)];
      if (typeof tool !== 'function') {
        this.problems.push({
          code: 'invalid_definition',
          message: `registry.tool() was given ${describe(tool)}, which is neither a tool class nor an erased tool.`,
          fix: 'pass a @Tool class, a service class with @Tool methods, a defineTool record, or an erased tool.',
        });
        return [];
      }
      return this.assembleClass(tool, namespace);
    } catch (error) {
      // Author code runs while reading and building (getters, thunks): its failure is a problem too.
      this.problems.push({
        code: 'invalid_definition',
        message: `reading ${describe(tool)} threw ${thrownText(error)}`,
        fix: 'make the tool definition readable: its decorators, type thunks and getters must not throw.',
      });
      return [];
    } finally {
      this.#registrationDefer = undefined;
    }
  }

  private erasedRecord(
    given: ErasedTool | undefined,
    functionTool: Parameters<typeof eraseTool>[0] | undefined,
    descriptor: ToolDescriptor | undefined,
    namespaceOverride: ToolNamespace | undefined,
  ): ToolRecord {
    const erased = given ?? eraseTool(functionTool!);
    const definition = erased.definition;
    const properties = definition.inputSchema?.['properties'];
    const record = this.record(
      {
        name: definition.name,
        source: sourceOf(erased),
        kind: descriptor ? descriptor.options.kind : definition.kind,
        namespace: descriptor ? descriptor.options.namespace : definition.namespace,
        requires: descriptor ? descriptor.options.requires : definition.requires,
        description: definition.description,
        parameters: typeof properties === 'object' && properties !== null ? Object.keys(properties) : [],
        owner: undefined,
      },
      namespaceOverride,
    );
    if (record.valid) record.candidate = this.candidate(record, erased, descriptor);
    return record;
  }

  private assembleClass(target: Function, namespaceOverride: ToolNamespace | undefined): ToolRecord[] {
    const className = classNameOf(target);
    // A service class may declare resources and prompts beside (or instead of) tools.
    const catalogClass = hasCatalogMetadata(target);
    const declaresTools = !catalogClass || hasToolMetadata(target);
    const catalog = catalogClass ? this.readCatalog(target) : undefined;
    const read = declaresTools ? readToolDeclarations(target) : NO_DECLARATIONS;
    for (const problem of read.classProblems) this.problems.push(definitionProblem(problem, className));
    const records: ToolRecord[] = [];
    const healthy: { record: ToolRecord; descriptor: ToolDescriptor }[] = [];
    for (const declaration of read.tools) {
      for (const problem of declaration.problems) {
        // The name is checked with every other registration's (one wording, one problem).
        if (problem.code !== 'invalid_name') this.problems.push(definitionProblem(problem, className));
      }
      const record = this.record(declared(declaration, target), namespaceOverride);
      if (declaration.descriptor === undefined) record.lacks.push('a complete definition');
      else if (record.valid) healthy.push({ record, descriptor: declaration.descriptor });
      records.push(record);
    }
    const others = catalog === undefined ? [] : catalogNames(catalog);
    if (records.length === 0 && catalog === undefined) return records;
    if (healthy.length === 0 && catalog === undefined) {
      // Nothing to build, but what it would need is still known without an instance (unless the
      // class itself is malformed, e.g. @Param on a constructor parameter: that is its one problem).
      if (read.classProblems.length === 0)
        this.reportMissing(target, records, others, this.resources.check(target));
      return records;
    }
    let instance: object;
    try {
      // Instantiating resolves every constructor dependency now (F17); only when that fails are the
      // missing ones listed, one problem each, with `check`.
      instance = this.resources.instantiate(target as new (...args: any[]) => object);
    } catch (error) {
      if (isAsyncResolution(error)) {
        // An async factory among its dependencies: built asynchronously (docs/requirements-and-finalize.md).
        const lazy = buildLazily(target, this.resources);
        for (const { record, descriptor } of healthy) {
          record.pending = lazy.ready;
          this.erase(record, descriptor, lazy.receiver);
        }
        this.addCatalog(target, namespaceOverride, catalog, lazy.receiver);
        return records;
      }
      this.reportUnbuilt(target, records, others, error);
      return records;
    }
    for (const { record, descriptor } of healthy) this.erase(record, descriptor, instance);
    this.addCatalog(target, namespaceOverride, catalog, instance);
    return records;
  }

  // The resources, templates and prompts a class declares; `undefined` when it has problems (reported).
  private readCatalog(target: Function): CatalogDescriptors | undefined {
    let catalog: CatalogDescriptors;
    try {
      catalog = readCatalogDescriptors(target);
    } catch (error) {
      if (!(error instanceof ToolDefinitionError)) throw error;
      for (const problem of error.problems)
        this.problems.push(definitionProblem(problem, classNameOf(target)));
      return undefined;
    }
    if (this.catalog === undefined) {
      this.problems.push({
        code: 'invalid_definition',
        message: `${classNameOf(target)} declares resources or prompts (${catalogNames(catalog).join(', ')}), which are registered when the registry is finalized, not added to a running handle.`,
        fix: `register ${classNameOf(target)} with the ToolRegistry before finalize().`,
      });
      return undefined;
    }
    return catalog;
  }

  private addCatalog(
    target: Function,
    namespaceOverride: ToolNamespace | undefined,
    catalog: CatalogDescriptors | undefined,
    instance: object,
  ): void {
    if (catalog === undefined) return;
    this.catalog!.add({
      owner: target,
      namespace: namespaceOverride ?? this.defaultNamespace,
      descriptors: catalog,
      erased: eraseCatalog(instance, catalog),
    });
  }

  private erase(record: ToolRecord, descriptor: ToolDescriptor, receiver: object): void {
    try {
      record.candidate = this.candidate(record, eraseBound(descriptor, receiver), descriptor);
    } catch (error) {
      record.lacks.push('a complete definition');
      if (error instanceof ToolDefinitionError) {
        for (const problem of error.problems)
          this.problems.push(definitionProblem(problem, descriptor.className));
        return;
      }
      this.problems.push({
        code: 'invalid_definition',
        tool: record.name,
        message: `${record.source}: its definition could not be read: ${thrownText(error)}`,
        fix: 'check the @Tool options (limits, args and output classes) of this tool.',
      });
    }
  }

  private reportUnbuilt(
    target: Function,
    records: readonly ToolRecord[],
    others: readonly string[],
    error: unknown,
  ): void {
    const className = classNameOf(target);
    if (ToolError.is(error) && error.kind === 'missing_resource') {
      if (this.reportMissing(target, records, others, this.resources.check(target))) return;
    }
    if (error instanceof ResourceValidationError) {
      // The invalid Params/State value is reported once, as invalid_params: not again here.
      for (const record of records) record.lacks.push(`a valid ${tokenOf(error)}`);
      return;
    }
    for (const record of records) record.lacks.push('a constructor that succeeds');
    const cause = ToolError.is(error) ? error.modelText : thrownText(error);
    this.problems.push({
      code:
        ToolError.is(error) && error.kind === 'missing_resource'
          ? 'unbound_dependency'
          : 'instantiation_failed',
      ...(records[0] === undefined ? {} : { tool: records[0].name }),
      message: `${usedBy(className, records, others)} could not be built: ${sentence(cause)}`,
      fix: `make ${className}'s constructor (and the factories it needs) succeed when the registry is finalized.`,
    });
  }

  // One problem per dependency nothing provides; whether there were any.
  private reportMissing(
    target: Function,
    records: readonly ToolRecord[],
    others: readonly string[],
    missing: ReturnType<Resources['check']>,
  ): boolean {
    if (missing.length === 0) return false;
    const className = classNameOf(target);
    const who = usedBy(className, records, others);
    for (const problem of missing) {
      const message = problem.message.startsWith(`${className} `)
        ? `${who}${problem.message.slice(className.length)}`
        : problem.message;
      this.problems.push({
        code: 'unbound_dependency',
        ...(records[0] === undefined ? {} : { tool: records[0].name }),
        message,
        fix: sentence(problem.fix),
      });
      const lack = problem.message.startsWith(`${className} needs `)
        ? problem.message.slice(`${className} needs `.length).replace(/\.$/, '')
        : `${problem.tokenName}, which is not bound`;
      for (const record of records) record.lacks.push(lack);
    }
    return true;
  }

  /** The record of one declared tool; checks its name's type, kind, namespace and requirement shape. */
  private record(declaration: Declared, namespaceOverride: ToolNamespace | undefined): ToolRecord {
    const name = typeof declaration.name === 'string' ? declaration.name : String(declaration.name);
    let valid = typeof declaration.name === 'string';
    const declaredNamespace = declaration.namespace;
    const namespace = namespaceOverride ?? declaredNamespace ?? this.defaultNamespace;
    if (!isToolNamespace(namespace)) {
      this.problems.push({
        code: 'invalid_namespace',
        tool: name,
        message: `${name} declares the namespace ${JSON.stringify(namespace)}, which is not one of ${TOOL_NAMESPACES.join(', ')}.`,
        fix: `use one of ${TOOL_NAMESPACES.join(', ')} (tools imported from an MCP server belong in mcp).`,
      });
      valid = false;
    }
    const declaredKind = declaration.kind;
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
        valid = false;
      }
    } else if (isToolNamespace(namespace)) {
      kind = kindOfDialectTool(namespace, name) ?? 'other';
    }
    const read = readRequirement(declaration.requires);
    let requires: Requirement | undefined;
    if (read === 'invalid') {
      this.problems.push({
        code: 'invalid_requirement',
        tool: name,
        message: `${name}'s requires is not a requirement expression.`,
        fix: 'build it with requiresTool, requiresKind, hasParam, paramEquals and Expr.and/or/not from @toolwright/expr.',
      });
      valid = false;
    } else requires = read;
    return {
      name,
      source: declaration.source,
      kind,
      namespace: isToolNamespace(namespace) ? namespace : undefined,
      parameters: declaration.parameters,
      description: typeof declaration.description === 'string' ? declaration.description : '',
      requires,
      owner: declaration.owner,
      valid,
      candidate: undefined,
      lacks: [],
    };
  }

  /** The registered form of one erased tool of a valid record. */
  private candidate(
    record: ToolRecord,
    erased: ErasedTool,
    descriptor: ToolDescriptor | undefined,
  ): ToolCandidate {
    const definition = erased.definition;
    const { kind, namespace } = record;
    const declaredReadOnly = descriptor ? descriptor.options.readOnly : definition.readOnly;
    const readOnly = declaredReadOnly ?? isReadOnlyKind(kind);
    const properties = definition.inputSchema['properties'];
    // Frozen once its description is rendered (`checkToolSet`), not here: one object per tool.
    const tool: { -readonly [K in keyof RegisteredTool]: RegisteredTool[K] } = {
      name: record.name,
      description: definition.description,
      kind,
      label: toolLabel(kind),
      namespace: namespace!,
      readOnly,
      annotations: resolveAnnotations(definition.annotations, kind, namespace!, readOnly),
      inputSchema: definition.inputSchema,
      parameters: Object.freeze(
        typeof properties === 'object' && properties !== null ? Object.keys(properties) : [],
      ),
      source: record.source,
      erased,
      deferLoading: resolveDeferLoading(
        this.deferral,
        record.name,
        namespace!,
        definition.deferLoading,
        this.#registrationDefer,
      ),
    };
    if (record.requires !== undefined) tool.requires = record.requires;
    if (definition.title !== undefined) tool.title = definition.title;
    if (definition.outputSchema !== undefined) tool.outputSchema = definition.outputSchema;
    if (descriptor?.args !== undefined && descriptor.argumentStyle !== 'none') {
      defineStrictInputSchema(tool, descriptor.args);
    }
    return { tool, requires: record.requires, owner: record.owner, template: definition.description };
  }
}

function declared(declaration: ToolDeclaration, target: Function): Declared {
  const { options, className, method } = declaration;
  return {
    name: options.name,
    source: method === 'run' || method === 'execute' ? className : `${className}.${method}`,
    kind: options.kind,
    namespace: options.namespace,
    requires: options.requires,
    description: options.description,
    parameters: declaration.parameters,
    owner: target,
  };
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

// Inversify's words when a synchronous resolution meets a promise (an async factory).
function isAsyncResolution(error: unknown): boolean {
  return error instanceof Error && /Unexpected asynchronous/i.test(error.message);
}

function usedBy(className: string, records: readonly ToolRecord[], others: readonly string[] = []): string {
  return `${className} (${[...records.map((record) => record.name), ...others].join(', ')})`;
}

const NO_DECLARATIONS: ReturnType<typeof readToolDeclarations> = Object.freeze({
  tools: Object.freeze([]),
  problems: Object.freeze([]),
  classProblems: Object.freeze([]),
});

function tokenOf(error: ResourceValidationError): string {
  const name = error.problems[0]?.tokenName;
  return name ?? 'Params value';
}

function classNameOf(target: Function): string {
  return target.name || 'anonymous class';
}

function definitionProblem(problem: DefinitionProblem, className: string): FinalizeProblem {
  // A problem of an args class names the tool that uses it (or the tool class, when core says none).
  const tool = problem.tool;
  const user = typeof tool === 'string' ? tool : className;
  const own =
    problem.where === className ||
    problem.where.startsWith(`${className}.`) ||
    problem.where.startsWith(`${className} `);
  const where = own ? problem.where : `${problem.where} (used by ${user})`;
  return {
    code: problem.code === 'invalid_name' ? 'invalid_name' : 'invalid_definition',
    ...(typeof tool === 'string' ? { tool } : {}),
    message: `${where}: ${problem.message}`,
    fix: problem.fix,
  };
}

function thrownText(error: unknown): string {
  if (!(error instanceof Error)) return sentence(String(error));
  return sentence(error.name === 'Error' ? error.message : `${error.name}: ${error.message}`);
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
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return value.name ? `the class ${value.name}` : 'an anonymous function';
  const type = typeof value;
  return type === 'object' ? 'an object' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
