import type { CompletionReference, ToolSnapshot } from '@toolwright/registry';
import { invalidParams, type CatalogError } from './catalog-error';
import type { CatalogRequestOptions } from './catalog-options';
import { failure, success, type CatalogOutcome } from './catalog-outcome';
import { isCatalogError, paramsObject, stringParam, stringRecordParam } from './read-params';
import { withRevisionFields } from './result-fields';
import { toCatalogError } from './to-catalog-error';

/**
 * `completion/complete`: candidate values (at most 100, with `total` and `hasMore`) for one argument
 * of a prompt (`ref/prompt`) or variable of a resource template (`ref/resource`, by its URI
 * template). An argument without completion gives no values; a reference to nothing is -32602.
 */
export async function complete(
  snapshot: ToolSnapshot,
  params: unknown,
  options: CatalogRequestOptions,
): Promise<CatalogOutcome> {
  const read = paramsObject(params);
  if (isCatalogError(read)) return failure(read);
  const reference = readReference(read['ref']);
  if (isCatalogError(reference)) return failure(reference);
  const argumentParams = paramsObject(read['argument'] ?? 'missing');
  if (isCatalogError(argumentParams))
    return failure(invalidParams('Invalid params: argument must be { name, value }.'));
  const name = stringParam(argumentParams, 'name', 'argument.name');
  if (isCatalogError(name)) return failure(name);
  const value = stringParam(argumentParams, 'value', 'argument.value');
  if (isCatalogError(value)) return failure(value);
  const contextParams = paramsObject(read['context']);
  if (isCatalogError(contextParams))
    return failure(invalidParams('Invalid params: context must be an object.'));
  const context = stringRecordParam(contextParams, 'arguments', 'context.arguments');
  if (isCatalogError(context)) return failure(context);
  try {
    const completion = await snapshot.catalog.complete(reference, name, value, context, options);
    if (completion === undefined)
      return failure(
        invalidParams(
          reference.type === 'ref/prompt'
            ? `Invalid params: no prompt named ${reference.name}.`
            : `Invalid params: no resource template ${reference.uri}.`,
        ),
      );
    return success(withRevisionFields({ completion }, options, false));
  } catch (error) {
    return failure(toCatalogError(error, options.revision));
  }
}

function readReference(ref: unknown): CompletionReference | CatalogError {
  const read = paramsObject(ref ?? 'missing');
  if (isCatalogError(read))
    return invalidParams(
      'Invalid params: ref must be { type: "ref/prompt", name } or { type: "ref/resource", uri }.',
    );
  if (read['type'] === 'ref/prompt') {
    const name = stringParam(read, 'name', 'ref.name');
    return isCatalogError(name) ? name : { type: 'ref/prompt', name };
  }
  if (read['type'] === 'ref/resource') {
    const uri = stringParam(read, 'uri', 'ref.uri');
    return isCatalogError(uri) ? uri : { type: 'ref/resource', uri };
  }
  return invalidParams('Invalid params: ref.type must be "ref/prompt" or "ref/resource".');
}
