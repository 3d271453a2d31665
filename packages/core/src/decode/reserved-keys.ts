/** Keys refused anywhere in arguments (RELIABILITY R3): they reach or replace an object's prototype. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
