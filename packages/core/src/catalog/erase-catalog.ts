import type { ToolCallContext } from '../context/tool-call-context';
import { createArgsDecoder } from '../decode/create-args-decoder';
import { ToolError } from '../errors/tool-error';
import {
  DEFAULT_CATALOG_TIMEOUT_MS,
  type Completer,
  type CompleteFunction,
} from '../metadata/catalog-options';
import { memberOf } from '../metadata/member-of';
import type { ArgsModel } from '../model/args-model';
import type {
  CatalogDescriptors,
  CompleterDescriptor,
  MethodArguments,
  PromptDescriptor,
  ResourceDescriptor,
  ResourceTemplateDescriptor,
} from '../model/catalog-descriptor';
import { readCatalogDescriptors } from '../model/read-catalog-descriptors';
import type {
  CatalogCallOptions,
  CompletionResult,
  ErasedCatalog,
  ErasedPrompt,
  ErasedResource,
  ErasedResourceTemplate,
  PromptArgumentDefinition,
} from './catalog-entries';
import { completeValues } from './complete-values';
import { runWithDeadline } from './run-with-deadline';
import { stringsToArguments } from './strings-to-arguments';
import { toPromptResult } from './to-prompt-result';
import { toResourceContents } from './to-resource-contents';

type Method = (...parameters: unknown[]) => unknown;
const NO_RESULT: CompletionResult = Object.freeze({ values: Object.freeze([]), total: 0, hasMore: false });

/**
 * The resources, resource templates and prompts an instance of a service class declares, bound to
 * that one instance (so they share its injected dependencies, as its `@Tool` methods do). Throws a
 * `ToolDefinitionError` listing every problem when a declaration is incomplete.
 */
export function eraseCatalog(instance: object, descriptors?: CatalogDescriptors): ErasedCatalog {
  if (typeof instance !== 'object' || instance === null)
    throw new TypeError('eraseCatalog expects an instance of a service class.');
  const read = descriptors ?? readCatalogDescriptors(memberOf(instance, 'constructor') as Function);
  return Object.freeze({
    resources: Object.freeze(read.resources.map((descriptor) => eraseResource(descriptor, instance))),
    resourceTemplates: Object.freeze(
      read.resourceTemplates.map((descriptor) => eraseTemplate(descriptor, instance, read.completers)),
    ),
    prompts: Object.freeze(
      read.prompts.map((descriptor) => erasePrompt(descriptor, instance, read.completers)),
    ),
  });
}

function eraseResource(descriptor: ResourceDescriptor, instance: object): ErasedResource {
  const { options } = descriptor;
  const fn = memberOf(instance, descriptor.method) as Method;
  const definition = Object.freeze(
    pick({
      uri: options.uri,
      name: options.name,
      title: options.title,
      description: options.description,
      mimeType: options.mimeType,
      size: options.size,
      annotations: options.annotations,
    }),
  );
  return Object.freeze({
    definition,
    source: Object.freeze({ className: descriptor.className, method: descriptor.method }),
    read: (callOptions?: CatalogCallOptions) =>
      runWithDeadline(
        options.name,
        options.timeoutMs ?? DEFAULT_CATALOG_TIMEOUT_MS,
        callOptions,
        async (ctx) =>
          toResourceContents(await fn.call(instance, ctx), options.uri, options.mimeType, options.name),
      ),
  });
}

function eraseTemplate(
  descriptor: ResourceTemplateDescriptor,
  instance: object,
  completers: readonly CompleterDescriptor[],
): ErasedResourceTemplate {
  const { options, template } = descriptor;
  const invoke = invokerFor(descriptor, instance);
  const decode = decoderFor(descriptor.args, options.name);
  const completion = completionFor(
    descriptor.args,
    options.complete,
    completers.filter((c) => 'resourceTemplate' in c.options && c.options.resourceTemplate === options.name),
    instance,
    options.name,
    options.timeoutMs,
  );
  return Object.freeze({
    definition: Object.freeze(
      pick({
        uriTemplate: options.uriTemplate,
        name: options.name,
        title: options.title,
        description: options.description,
        mimeType: options.mimeType,
        annotations: options.annotations,
      }),
    ),
    source: Object.freeze({ className: descriptor.className, method: descriptor.method }),
    template,
    parameters: Object.freeze(descriptor.args?.properties.map((p) => p.name) ?? []),
    required: Object.freeze(
      descriptor.args?.properties.filter((p) => !p.optional && !p.hasDefault).map((p) => p.name) ?? [],
    ),
    completable: completion.completable,
    complete: completion.complete,
    read: async (uri: string, callOptions?: CatalogCallOptions) => {
      const variables = typeof uri === 'string' ? template.match(uri) : undefined;
      if (variables === undefined) return undefined;
      return runWithDeadline(
        options.name,
        options.timeoutMs ?? DEFAULT_CATALOG_TIMEOUT_MS,
        callOptions,
        async (ctx) => {
          const args = await decode(variables);
          return toResourceContents(await invoke(args, ctx), uri, options.mimeType, options.name);
        },
      );
    },
  });
}

function erasePrompt(
  descriptor: PromptDescriptor,
  instance: object,
  completers: readonly CompleterDescriptor[],
): ErasedPrompt {
  const { options } = descriptor;
  const invoke = invokerFor(descriptor, instance);
  const decode = decoderFor(descriptor.args, options.name);
  const completion = completionFor(
    descriptor.args,
    options.complete,
    completers.filter((c) => 'prompt' in c.options && c.options.prompt === options.name),
    instance,
    options.name,
    options.timeoutMs,
  );
  const argumentsOf: readonly PromptArgumentDefinition[] = Object.freeze(
    (descriptor.args?.properties ?? []).map((property) =>
      Object.freeze(
        pick({
          name: property.name,
          title: property.title,
          description: property.description,
          required: !property.optional && !property.hasDefault,
        }),
      ),
    ),
  );
  return Object.freeze({
    definition: Object.freeze(
      pick({
        name: options.name,
        title: options.title,
        description: options.description,
        arguments: argumentsOf,
      }),
    ),
    source: Object.freeze({ className: descriptor.className, method: descriptor.method }),
    completable: completion.completable,
    complete: completion.complete,
    get: (given: Readonly<Record<string, unknown>> | undefined, callOptions?: CatalogCallOptions) =>
      runWithDeadline(
        options.name,
        options.timeoutMs ?? DEFAULT_CATALOG_TIMEOUT_MS,
        callOptions,
        async (ctx) => {
          const args = await decode(given ?? {});
          return toPromptResult(await invoke(args, ctx), options.name);
        },
      ),
  });
}

// Arguments arrive as text (a URI's variables, a prompt's arguments): shaped, then decoded by the
// same decoder tools use, so the same @Param rules and the same error texts apply.
function decoderFor(
  model: ArgsModel | undefined,
  name: string,
): (given: Readonly<Record<string, unknown>>) => Promise<object | undefined> {
  if (model === undefined) {
    return async (given) => {
      const keys = Object.keys(given);
      if (keys.length > 0)
        throw ToolError.invalidArguments(`${name} takes no arguments, but received ${keys.join(', ')}.`, {
          toolName: name,
        });
      return undefined;
    };
  }
  const decode = createArgsDecoder<object>(model, { toolName: name });
  return async (given) => {
    if (typeof given !== 'object' || given === null || Array.isArray(given))
      throw ToolError.invalidArguments(`${name}'s arguments must be an object of strings.`, {
        toolName: name,
      });
    const decoded = await decode(stringsToArguments(model, given));
    if (ToolError.is(decoded)) throw decoded;
    return decoded;
  };
}

function invokerFor(
  descriptor: MethodArguments & { readonly method: string },
  instance: object,
): (args: object | undefined, ctx: ToolCallContext) => unknown {
  const fn = memberOf(instance, descriptor.method) as Method;
  switch (descriptor.argumentStyle) {
    case 'instance':
      return (args, ctx) => fn.call(instance, args, ctx);
    case 'positional': {
      const names = descriptor.positional;
      return (args, ctx) => {
        const values: unknown[] = names.map((name) => (args as Record<string, unknown>)[name]);
        values.push(ctx);
        return fn.apply(instance, values);
      };
    }
    case 'none':
      return descriptor.contextIndex === 0
        ? (_args, ctx) => fn.call(instance, ctx)
        : (_args, ctx) => fn.call(instance, {}, ctx);
  }
}

// One argument's completer: a @Complete method first, then the `complete` option, then the
// argument's enum values.
function completionFor(
  model: ArgsModel | undefined,
  inline: Readonly<Record<string, Completer>> | undefined,
  methods: readonly CompleterDescriptor[],
  instance: object,
  name: string,
  timeoutMs: number | undefined,
): Pick<ErasedPrompt, 'completable' | 'complete'> {
  const byArgument = new Map<string, Completer>();
  for (const property of model?.properties ?? []) {
    if (property.type.kind === 'enum') byArgument.set(property.name, property.type.values.map(String));
  }
  for (const [argument, completer] of Object.entries(inline ?? {})) byArgument.set(argument, completer);
  for (const completer of methods) {
    const fn = memberOf(instance, completer.method) as CompleteFunction;
    byArgument.set(completer.options.argument, (value, context) => fn.call(instance, value, context));
  }
  return {
    completable: Object.freeze([...byArgument.keys()]),
    complete: async (argument, value, context = {}, callOptions) => {
      const completer = byArgument.get(argument);
      if (completer === undefined) return NO_RESULT;
      return runWithDeadline(name, timeoutMs ?? DEFAULT_CATALOG_TIMEOUT_MS, callOptions, (ctx) =>
        completeValues(completer, typeof value === 'string' ? value : '', {
          argument,
          arguments: Object.freeze({ ...context }),
          signal: ctx.signal,
        }),
      );
    },
  };
}

// The definition without its undefined keys (MCP results omit absent fields).
function pick<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
  return out as T;
}
