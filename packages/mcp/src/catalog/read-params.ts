import { invalidParams, type CatalogError } from './catalog-error';
export { isCatalogError } from './catalog-error';

/** Request params as an object (absent params are `{}`), or the -32602 error for anything else. */
export function paramsObject(params: unknown): Record<string, unknown> | CatalogError {
  if (params === undefined || params === null) return {};
  if (typeof params !== 'object' || Array.isArray(params))
    return invalidParams('Invalid params: expected an object.');
  return params as Record<string, unknown>;
}

/** A required string param, or the -32602 error naming it. */
export function stringParam(
  params: Record<string, unknown>,
  key: string,
  where = key,
): string | CatalogError {
  const value = Object.hasOwn(params, key) ? params[key] : undefined;
  return typeof value === 'string' ? value : invalidParams(`Invalid params: ${where} must be a string.`);
}

/** An optional `{ [key]: string }` param (prompt arguments, completion context), or the -32602 error. */
export function stringRecordParam(
  params: Record<string, unknown>,
  key: string,
  where = key,
): Readonly<Record<string, string>> | undefined | CatalogError {
  const value = Object.hasOwn(params, key) ? params[key] : undefined;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    return invalidParams(`Invalid params: ${where} must be an object of strings.`);
  const record: Record<string, string> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item !== 'string') return invalidParams(`Invalid params: ${where}.${name} must be a string.`);
    record[name] = item;
  }
  return record;
}
