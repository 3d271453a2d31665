import type { Completer, PromptOptions } from '../metadata/catalog-options';
import { PROMPT_NAME_PATTERN } from '../metadata/catalog-options';
import { memberOf } from '../metadata/member-of';
import { readCatalogMethodRecords, readMethodParamRecords } from '../metadata/read-records';
import { UriTemplate } from '../uri-template/uri-template';
import { UriTemplateError } from '../uri-template/uri-template-error';
import type { ArgsModel } from './args-model';
import type {
  CatalogDescriptors,
  CompleterDescriptor,
  PromptDescriptor,
  ResourceDescriptor,
  ResourceTemplateDescriptor,
} from './catalog-descriptor';
import type { DefinitionProblem } from './definition-problem';
import { readMethodArguments } from './read-method-arguments';
import { ToolDefinitionError } from './tool-definition-error';

const cache = new WeakMap<Function, CatalogDescriptors>();
// An absolute URI starts with a scheme (RFC 3986 §3.1).
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Reads the resources, resource templates, prompts and completers a service class declares on its
 * methods, judging each where it stands (a method, a URI with a scheme, a template that parses, a
 * prompt name, arguments a client can give as strings). How entries relate to each other and to
 * the rest of the registry (duplicate URIs, template variables against params, completers against
 * arguments) is the registry's check at finalize. Throws one `ToolDefinitionError` listing every
 * problem; cached per class.
 */
export function readCatalogDescriptors(target: Function): CatalogDescriptors {
  const cached = cache.get(target);
  if (cached) return cached;
  const problems: DefinitionProblem[] = [];
  const className = (memberOf(target, 'name') as string) || 'anonymous class';
  const prototype = memberOf(target, 'prototype');
  const isMethod = (method: string, decorator: string): boolean => {
    if (typeof memberOf(prototype, method) === 'function') return true;
    problems.push({
      code: 'missing_run',
      where: `${className}.${method}`,
      message: `@${decorator} is on something that is not a method.`,
      fix: `put @${decorator} on a method of the service class.`,
    });
    return false;
  };
  const once = (method: string, count: number, decorator: string): void => {
    if (count > 1)
      problems.push({
        code: 'conflicting_params',
        where: `${className}.${method}`,
        message: `has ${count} @${decorator} decorators; a method is one ${decorator === 'Prompt' ? 'prompt' : 'resource'}.`,
        fix: `keep one @${decorator} per method.`,
      });
  };

  const resources: ResourceDescriptor[] = [];
  readCatalogMethodRecords('resourceMethods', target).forEach((records, method) => {
    once(method, records.length, 'Resource');
    if (!isMethod(method, 'Resource')) return;
    const options = records[0]!.options;
    const where = `${className}.${method}`;
    checkUri(where, 'uri', options.uri, problems);
    checkCommon(where, options, problems);
    if (readMethodParamRecords(target, method).length > 0)
      problems.push({
        code: 'conflicting_params',
        where,
        message: `is a @Resource with the fixed URI ${JSON.stringify(options.uri)}, but takes @Param arguments.`,
        fix: 'use @ResourceTemplate({ uriTemplate }) for resources whose URI has variables.',
      });
    resources.push(Object.freeze({ kind: 'resource', options, className, method }));
  });

  const resourceTemplates: ResourceTemplateDescriptor[] = [];
  readCatalogMethodRecords('resourceTemplateMethods', target).forEach((records, method) => {
    once(method, records.length, 'ResourceTemplate');
    if (!isMethod(method, 'ResourceTemplate')) return;
    const options = records[0]!.options;
    const where = `${className}.${method}`;
    checkCommon(where, options, problems);
    checkCompleters(where, options.complete, problems);
    const template = parseTemplate(where, options.uriTemplate, problems);
    const args = readMethodArguments(target, className, method, options.args, problems);
    if (template === undefined || args === undefined) return;
    resourceTemplates.push(
      Object.freeze({ kind: 'resourceTemplate', options, className, method, template, ...args }),
    );
  });

  const prompts: PromptDescriptor[] = [];
  readCatalogMethodRecords('promptMethods', target).forEach((records, method) => {
    once(method, records.length, 'Prompt');
    if (!isMethod(method, 'Prompt')) return;
    const options = records[0]!.options;
    const where = `${className}.${method}`;
    checkPromptName(where, options, problems);
    checkCommon(where, options, problems);
    checkCompleters(where, options.complete, problems);
    const args = readMethodArguments(target, className, method, options.args, problems);
    if (args === undefined) return;
    if (args.args !== undefined) checkStringArguments(where, options.name, args.args, problems);
    prompts.push(Object.freeze({ kind: 'prompt', options, className, method, ...args }));
  });

  const completers: CompleterDescriptor[] = [];
  readCatalogMethodRecords('completeMethods', target).forEach((records, method) => {
    if (!isMethod(method, 'Complete')) return;
    for (const { options } of records) {
      const target = 'prompt' in options ? options.prompt : options.resourceTemplate;
      if (typeof target !== 'string' || typeof options.argument !== 'string' || options.argument === '') {
        problems.push({
          code: 'invalid_option',
          where: `${className}.${method}`,
          message: '@Complete needs the prompt (or resourceTemplate) it completes and the argument.',
          fix: "write @Complete({ prompt: 'review', argument: 'language' }) or @Complete({ resourceTemplate: 'file', argument: 'path' }).",
        });
        continue;
      }
      completers.push(Object.freeze({ kind: 'completer', options, className, method }));
    }
  });

  if (problems.length > 0) throw new ToolDefinitionError(problems);
  const descriptors: CatalogDescriptors = Object.freeze({
    className,
    resources: Object.freeze(resources),
    resourceTemplates: Object.freeze(resourceTemplates),
    prompts: Object.freeze(prompts),
    completers: Object.freeze(completers),
  });
  cache.set(target, descriptors);
  return descriptors;
}

function checkUri(where: string, option: string, uri: unknown, problems: DefinitionProblem[]): void {
  if (typeof uri === 'string' && SCHEME.test(uri) && !/\s/.test(uri)) return;
  problems.push({
    code: 'invalid_option',
    where,
    message: `the ${option} ${JSON.stringify(uri)} is not an absolute URI (a scheme, then the rest, no spaces).`,
    fix: `write a URI with a scheme, e.g. ${option === 'uri' ? "'docs://readme' or 'file:///README.md'" : "'file:///{+path}'"}.`,
  });
}

function parseTemplate(where: string, text: unknown, problems: DefinitionProblem[]): UriTemplate | undefined {
  if (typeof text !== 'string') {
    checkUri(where, 'uriTemplate', text, problems);
    return undefined;
  }
  let template: UriTemplate;
  try {
    template = new UriTemplate(text);
  } catch (error) {
    if (!(error instanceof UriTemplateError)) throw error;
    problems.push({
      code: 'invalid_option',
      where,
      message: `${error.message.replace(/^the URI template/, 'the uriTemplate')}`,
      fix: 'write an RFC 6570 template: {name}, {+path}, {/segments*}, {?query,page}.',
    });
    return undefined;
  }
  checkUri(where, 'uriTemplate', template.expand({}), problems);
  if (template.variables.length === 0)
    problems.push({
      code: 'invalid_option',
      where,
      message: `the uriTemplate ${JSON.stringify(text)} has no variables.`,
      fix: `use @Resource({ uri: ${JSON.stringify(text)} }) for a resource with one fixed URI.`,
    });
  return template;
}

function checkCommon(
  where: string,
  options: {
    readonly name: unknown;
    readonly description?: unknown;
    readonly mimeType?: unknown;
    readonly timeoutMs?: unknown;
  },
  problems: DefinitionProblem[],
): void {
  if (typeof options.name !== 'string' || options.name.trim() === '')
    problems.push({
      code: 'invalid_name',
      where,
      message: `the name ${JSON.stringify(options.name)} is empty; clients list entries by name.`,
      fix: "give it a name, e.g. name: 'readme'.",
    });
  if (options.description !== undefined && typeof options.description !== 'string')
    problems.push({
      code: 'invalid_option',
      where,
      message: 'description must be a string.',
      fix: 'say what the entry is in description, or leave it out.',
    });
  if (
    options.mimeType !== undefined &&
    (typeof options.mimeType !== 'string' || !/^[\w.+-]+\/[\w.+-]+/.test(options.mimeType))
  )
    problems.push({
      code: 'invalid_option',
      where,
      message: `the mimeType ${JSON.stringify(options.mimeType)} is not a MIME type.`,
      fix: "write type/subtype, e.g. 'text/markdown' or 'image/png'.",
    });
  const timeout = options.timeoutMs;
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0))
    problems.push({
      code: 'invalid_option',
      where,
      message: `timeoutMs must be a positive number (it is ${String(timeout)}).`,
      fix: 'set timeoutMs to the deadline in milliseconds, or leave it out (30 000).',
    });
}

function checkPromptName(where: string, options: PromptOptions, problems: DefinitionProblem[]): void {
  if (typeof options.name === 'string' && PROMPT_NAME_PATTERN.test(options.name)) return;
  if (typeof options.name !== 'string' || options.name.trim() === '') return; // checkCommon says it
  problems.push({
    code: 'invalid_name',
    where,
    message: `the prompt name ${JSON.stringify(options.name)} does not match ^[a-zA-Z0-9_.-]{1,64}$ (clients show prompts as commands).`,
    fix: 'use letters, digits, _, - and ., at most 64 characters, e.g. code_review.',
  });
}

function checkCompleters(
  where: string,
  complete: Readonly<Record<string, Completer>> | undefined,
  problems: DefinitionProblem[],
): void {
  if (complete === undefined) return;
  for (const [argument, completer] of Object.entries(complete)) {
    const ok =
      typeof completer === 'function' ||
      (Array.isArray(completer) && completer.every((value: unknown) => typeof value === 'string'));
    if (!ok)
      problems.push({
        code: 'invalid_option',
        where,
        message: `complete.${argument} is neither a list of strings nor a function.`,
        fix: `write complete: { ${argument}: ['a', 'b'] } or complete: { ${argument}: (value, context) => [...] }.`,
      });
  }
}

// MCP prompt arguments are strings: an argument must be one a client can type.
function checkStringArguments(
  where: string,
  prompt: string,
  args: ArgsModel,
  problems: DefinitionProblem[],
): void {
  for (const property of args.properties) {
    const kind = property.type.kind;
    if (kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'enum') continue;
    problems.push({
      code: 'unsupported_type',
      where: `${args.name}.${property.property}`,
      tool: prompt,
      message: `is ${kind === 'array' ? 'an array' : 'an object'}, but MCP prompt arguments are strings (used by the prompt ${prompt}).`,
      fix: 'make it a string, number, boolean or enum argument, and parse anything richer inside the prompt.',
    });
  }
}
