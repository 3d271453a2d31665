import type { CatalogDescriptors, CompleterDescriptor, ErasedCatalog } from '@toolwright/core';
import type { FinalizeProblem } from '../finalize/finalize-problem';
import {
  renderDescription,
  type TemplateReference,
  type TemplateWorld,
} from '../templates/render-description';
import type { CatalogCandidate } from './catalog-candidates';
import type {
  RegisteredPrompt,
  RegisteredResource,
  RegisteredResourceTemplate,
} from './registered-catalog-entry';
import type { CatalogEntries } from './snapshot-catalog';

/** The checked catalog: entries with rendered descriptions, and every problem found. */
export interface CheckedCatalog {
  readonly entries: CatalogEntries;
  readonly problems: readonly FinalizeProblem[];
}

/**
 * Checks the resources, templates and prompts of every registered class together, as finalize
 * checks tools: duplicate URIs, URI templates and prompt names (naming both sources), template
 * variables without a param and params without a variable, completers of arguments that do not
 * exist, and `${{ … }}` references in descriptions (rendered here against the registered tools).
 */
export function checkCatalog(candidates: readonly CatalogCandidate[], world: TemplateWorld): CheckedCatalog {
  const problems: FinalizeProblem[] = [];
  const resources: RegisteredResource[] = [];
  const resourceTemplates: RegisteredResourceTemplate[] = [];
  const prompts: RegisteredPrompt[] = [];
  const uris = new Map<string, string>();
  const templates = new Map<string, string>();
  const promptNames = new Map<string, string>();
  const render = (owner: string, text: string | undefined): string | undefined => {
    if (text === undefined) return undefined;
    const rendered = renderDescription(text, world, true);
    for (const reference of rendered.references) problems.push(templateProblem(owner, reference, world));
    return rendered.text;
  };

  for (const candidate of candidates) {
    const { descriptors, erased, namespace } = candidate;
    checkCompleters(descriptors, problems);
    erased.resources.forEach((resource, index) => {
      const source = sourceOf(descriptors.resources[index]!);
      const uri = resource.definition.uri;
      const first = uris.get(uri);
      if (first !== undefined) {
        problems.push({
          code: 'duplicate_uri',
          message: `two resources have the URI ${uri}: ${first} and ${source}.`,
          fix: 'give one of them another URI, or register only one.',
        });
        return;
      }
      uris.set(uri, source);
      const description = render(`the resource ${uri}`, resource.definition.description);
      resources.push(
        Object.freeze({
          definition: withDescription(resource.definition, description),
          erased: resource,
          source,
          namespace,
        }),
      );
    });
    erased.resourceTemplates.forEach((template, index) => {
      const descriptor = descriptors.resourceTemplates[index]!;
      const source = sourceOf(descriptor);
      const text = template.definition.uriTemplate;
      const first = templates.get(text);
      if (first !== undefined) {
        problems.push({
          code: 'duplicate_uri',
          message: `two resource templates have the URI template ${text}: ${first} and ${source}.`,
          fix: 'give one of them another URI template, or register only one.',
        });
        return;
      }
      templates.set(text, source);
      checkVariables(template, source, problems);
      const description = render(`the resource template ${text}`, template.definition.description);
      resourceTemplates.push(
        Object.freeze({
          definition: withDescription(template.definition, description),
          erased: template,
          source,
          namespace,
        }),
      );
    });
    erased.prompts.forEach((prompt, index) => {
      const source = sourceOf(descriptors.prompts[index]!);
      const name = prompt.definition.name;
      const first = promptNames.get(name);
      if (first !== undefined) {
        problems.push({
          code: 'duplicate_prompt',
          message: `two prompts are named ${name}: ${first} and ${source}.`,
          fix: 'rename one of them, or register only one.',
        });
        return;
      }
      promptNames.set(name, source);
      const owner = `the prompt ${name}`;
      const description = render(owner, prompt.definition.description);
      const title = render(owner, prompt.definition.title);
      const args = prompt.definition.arguments.map((argument) => {
        const rendered = render(`${owner} (argument ${argument.name})`, argument.description);
        return rendered === argument.description
          ? argument
          : Object.freeze({ ...argument, description: rendered! });
      });
      // The text a prompt method returns is rendered when it is got; the references written in
      // its body are checked now, read from the method's source.
      const written = writtenReferences(candidate.owner, descriptors.prompts[index]!.method);
      if (written !== '') render(`${owner} (its messages, ${source})`, written);
      let definition = withDescription(prompt.definition, description);
      if (title !== prompt.definition.title) definition = Object.freeze({ ...definition, title: title! });
      if (args.some((argument, at) => argument !== prompt.definition.arguments[at]))
        definition = Object.freeze({ ...definition, arguments: Object.freeze(args) });
      prompts.push(Object.freeze({ definition, erased: prompt, source, namespace }));
    });
  }
  return {
    entries: Object.freeze({
      resources: Object.freeze(resources),
      resourceTemplates: Object.freeze(resourceTemplates),
      prompts: Object.freeze(prompts),
    }),
    problems,
  };
}

/** Every resource, template and prompt name of one class, for messages about the class. */
export function catalogNames(erased: ErasedCatalog | CatalogDescriptors): string[] {
  const names = (
    list: readonly {
      readonly options?: { readonly name: string };
      readonly definition?: { readonly name: string };
    }[],
  ) => list.map((entry) => entry.definition?.name ?? entry.options!.name);
  return [...names(erased.resources), ...names(erased.resourceTemplates), ...names(erased.prompts)];
}

// A template's variables are its method's params, one for one.
function checkVariables(
  template: RegisteredResourceTemplate['erased'],
  source: string,
  problems: FinalizeProblem[],
): void {
  const { variables } = template.template;
  const text = template.definition.uriTemplate;
  for (const variable of variables) {
    if (template.parameters.includes(variable)) continue;
    problems.push({
      code: 'template_variable',
      message: `the resource template ${text} (${source}) has the variable ${variable}, but ${source} has no @Param named ${variable}.`,
      fix: `add @Param('${variable}') (or an args-class property ${variable}) to ${source}, or take {${variable}} out of the template.`,
    });
  }
  for (const parameter of template.parameters) {
    if (variables.includes(parameter)) continue;
    problems.push({
      code: 'template_variable',
      message: `${source} takes the @Param ${parameter}, but its resource template ${text} has no variable ${parameter}, so no URI can give it.`,
      fix: `add {${parameter}} (or {?${parameter}}) to the template, or remove the param.`,
    });
  }
}

// A completer must name a prompt or template of its class, and one of its arguments.
function checkCompleters(descriptors: CatalogDescriptors, problems: FinalizeProblem[]): void {
  const where = (completer: CompleterDescriptor): string => `${completer.className}.${completer.method}`;
  for (const completer of descriptors.completers) {
    const { options } = completer;
    if ('prompt' in options) {
      const prompt = descriptors.prompts.find((p) => p.options.name === options.prompt);
      if (prompt === undefined) {
        problems.push(
          noTarget(
            where(completer),
            'prompt',
            options.prompt,
            descriptors.prompts.map((p) => p.options.name),
          ),
        );
        continue;
      }
      const names = prompt.args?.properties.map((p) => p.name) ?? [];
      if (!names.includes(options.argument))
        problems.push(noArgument(where(completer), `the prompt ${options.prompt}`, options.argument, names));
    } else {
      const template = descriptors.resourceTemplates.find((t) => t.options.name === options.resourceTemplate);
      if (template === undefined) {
        problems.push(
          noTarget(
            where(completer),
            'resource template',
            options.resourceTemplate,
            descriptors.resourceTemplates.map((t) => t.options.name),
          ),
        );
        continue;
      }
      if (!template.template.variables.includes(options.argument))
        problems.push(
          noArgument(
            where(completer),
            `the resource template ${template.options.uriTemplate}`,
            options.argument,
            [...template.template.variables],
          ),
        );
    }
  }
  for (const prompt of descriptors.prompts) {
    const names = prompt.args?.properties.map((p) => p.name) ?? [];
    for (const argument of Object.keys(prompt.options.complete ?? {}))
      if (!names.includes(argument))
        problems.push(
          noArgument(
            `${prompt.className}.${prompt.method}`,
            `the prompt ${prompt.options.name}`,
            argument,
            names,
            true,
          ),
        );
  }
  for (const template of descriptors.resourceTemplates) {
    for (const argument of Object.keys(template.options.complete ?? {}))
      if (!template.template.variables.includes(argument))
        problems.push(
          noArgument(
            `${template.className}.${template.method}`,
            `the resource template ${template.options.uriTemplate}`,
            argument,
            [...template.template.variables],
            true,
          ),
        );
  }
}

function noTarget(where: string, kind: string, name: string, known: readonly string[]): FinalizeProblem {
  return {
    code: 'completion',
    message: `${where} completes the ${kind} ${name}, but its class declares no ${kind} named ${name}${known.length === 0 ? '' : ` (it has ${known.join(', ')})`}.`,
    fix: `name one of the class's ${kind}s in @Complete, or put the completer on the class that declares ${name}.`,
  };
}

function noArgument(
  where: string,
  target: string,
  argument: string,
  known: readonly string[],
  inline = false,
): FinalizeProblem {
  return {
    code: 'completion',
    message: `${where} ${inline ? `declares complete.${argument}` : `completes ${argument}`} for ${target}, which has no argument ${argument}${known.length === 0 ? '' : ` (it has ${known.join(', ')})`}.`,
    fix: `complete one of ${known.length === 0 ? 'its arguments' : known.join(', ')}, or remove the completer.`,
  };
}

function templateProblem(owner: string, reference: TemplateReference, world: TemplateWorld): FinalizeProblem {
  const refers = `${owner}'s text refers to ${reference.text}`;
  const remove = 'or take the reference out';
  switch (reference.type) {
    case 'tool':
      return {
        code: 'template',
        message: `${refers}, but no tool named ${reference.tool} is registered.`,
        fix: `register ${reference.tool}, ${remove}.`,
      };
    case 'param':
      return {
        code: 'template',
        message: world.hasTool(reference.tool)
          ? `${refers}, but ${reference.tool} has no parameter ${reference.param}.`
          : `${refers}, but ${reference.tool} is not registered.`,
        fix: world.hasTool(reference.tool)
          ? `give ${reference.tool} a parameter ${reference.param}, ${remove}.`
          : `register ${reference.tool}, ${remove}.`,
      };
    case 'unknown':
      return {
        code: 'template',
        message: `${owner}'s text has the reference ${reference.text}, which is neither tools.<name> nor params.<tool>.<param>.`,
        fix: 'write ${{ tools.<name> }} or ${{ params.<tool>.<param> }}.',
      };
  }
}

// `${{ … }}` written in a method's body (a string or template literal it returns), as one text.
const WRITTEN_REFERENCE = /\\?\$\{\{\s*([^}]*?)\s*\}\}/g;

function writtenReferences(owner: Function, method: string): string {
  let source: string;
  try {
    const fn = (owner.prototype as Record<string, unknown>)[method];
    source = typeof fn === 'function' ? Function.prototype.toString.call(fn) : '';
  } catch {
    return '';
  }
  const seen = new Set<string>();
  for (const match of source.matchAll(WRITTEN_REFERENCE)) seen.add(`\${{ ${match[1]} }}`);
  return [...seen].join(' ');
}

function sourceOf(descriptor: { readonly className: string; readonly method: string }): string {
  return `${descriptor.className}.${descriptor.method}`;
}

function withDescription<T extends { readonly description?: string }>(
  definition: T,
  description: string | undefined,
): T {
  return description === definition.description ? definition : Object.freeze({ ...definition, description });
}
