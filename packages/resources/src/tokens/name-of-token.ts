import { tokenName } from '@toolwright/core';
import type { ServiceIdentifier } from 'inversify';

/** A readable name for any Inversify service identifier: a symbol's description or a class name. */
export function nameOfToken(token: ServiceIdentifier): string {
  return tokenName(token as Parameters<typeof tokenName>[0]);
}
