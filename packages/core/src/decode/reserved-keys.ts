/** Keys refused anywhere in arguments (R3 in docs/reliability.md): they reach or replace an object's prototype. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
