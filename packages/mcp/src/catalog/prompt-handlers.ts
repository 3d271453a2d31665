import type { PromptDefinition } from '@toolwright/core';
import type { ToolSnapshot } from '@toolwright/registry';
import { invalidParams } from './catalog-error';
import type { CatalogRequestOptions } from './catalog-options';
import { failure, success, type CatalogOutcome } from './catalog-outcome';
import { paginate } from './paginate';
import { isCatalogError, paramsObject, stringParam, stringRecordParam } from './read-params';
import { withRevisionFields } from './result-fields';
import { toCatalogError } from './to-catalog-error';

/** `prompts/list`: the prompts in registration order, paginated; `arguments` only when there are any. */
export function listPrompts(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): CatalogOutcome {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const page = paginate('prompts', snapshot.catalog.prompts, read['cursor'], options.pageSize);
  if (isCatalogError(page)) return failure(page);
  const result = {
    prompts: page.items.map((entry) => listed(entry.definition)),
    ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
  };
  return success(withRevisionFields(result, options, true));
}

/**
 * `prompts/get`: the prompt's messages for the arguments (each a string, decoded by the prompt's
 * `@Param` rules). An unknown prompt or arguments that do not decode are -32602.
 */
export async function getPrompt(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): Promise<CatalogOutcome> {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const name = stringParam(read, 'name');
  if (isCatalogError(name)) return failure(name);
  const args = stringRecordParam(read, 'arguments');
  if (isCatalogError(args)) return failure(args);
  const prompt = snapshot.catalog.prompt(name);
  if (prompt === undefined)
    return failure(invalidParams(`Invalid params: no prompt named ${clip(name)}.`, { name }));
  try {
    const result = await snapshot.catalog.getPrompt(name, args, options);
    return success(withRevisionFields({ ...result! }, options, false));
  } catch (error) {
    return failure(toCatalogError(error, options.revision));
  }
}

function listed(definition: PromptDefinition): PromptDefinition | Omit<PromptDefinition, 'arguments'> {
  if (definition.arguments.length > 0) return definition;
  const { arguments: _none, ...rest } = definition;
  return rest;
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
