import type { CatalogError } from './catalog-error';

/** What a catalog handler answers: a result to send, or a protocol error to send instead. */
export type CatalogOutcome<R = Record<string, unknown>> =
  { readonly ok: true; readonly result: R } | { readonly ok: false; readonly error: CatalogError };

export function success<R>(result: R): CatalogOutcome<R> {
  return Object.freeze({ ok: true as const, result });
}

export function failure(error: CatalogError): CatalogOutcome<never> {
  return Object.freeze({ ok: false as const, error });
}
