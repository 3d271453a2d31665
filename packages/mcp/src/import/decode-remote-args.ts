import { describeReceived, ToolError, type ArgumentIssue } from '@toolwright/core';
import type { ArgumentValidator } from './compile-validator';

const MAX_DEPTH = 64;
const MAX_NODES = 100_000;
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
// A lone surrogate, or U+0000: text that would change when written out again (R3).
const ILL_FORMED = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;

/**
 * Decodes the model's raw arguments for an imported tool (R1–R4), then validates them against
 * the remote tool's own schema: size capped before parsing, strict JSON (empty means `{}`), an
 * iterative walk that refuses deep nesting, huge values, prototype keys, ill-formed strings and
 * non-finite numbers, a plain object at the top, then ajv. What is validated is what is sent.
 */
export function decodeRemoteArgs(
  raw: unknown,
  validate: ArgumentValidator,
  toolName: string,
  maxBytes: number,
): Record<string, unknown> {
  let value: unknown = raw;
  if (raw === undefined || raw === null) value = {};
  else if (typeof raw === 'string') {
    if (raw.length > maxBytes || (raw.length * 3 > maxBytes && utf8Length(raw) > maxBytes)) {
      throw ToolError.payloadTooLarge(
        `The arguments for ${toolName} are larger than ${maxBytes} bytes. Send less.`,
        { toolName },
      );
    }
    if (raw.trim() === '') value = {};
    else {
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        throw ToolError.invalidArguments(
          [
            {
              path: '',
              expected: 'a JSON object',
              received: 'text that is not valid JSON',
              message: 'send plain JSON, no code fences or comments',
            },
          ],
          { toolName },
        );
      }
    }
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    throw ToolError.invalidArguments(
      [{ path: '', expected: 'a JSON object', received: describeReceived(value) }],
      { toolName },
    );
  }
  const problem = walk(value);
  if (problem !== undefined) throw ToolError.invalidArguments([problem], { toolName });
  const issues = validate(value);
  if (issues.length > 0) throw ToolError.invalidArguments(issues, { toolName });
  return value as Record<string, unknown>;
}

function walk(root: object): ArgumentIssue | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: root, depth: 0, path: '' }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (++nodes > MAX_NODES) return { path: '', expected: `at most ${MAX_NODES} values`, received: 'more' };
    if (typeof value === 'string') {
      if (ILL_FORMED.test(value))
        return { path, expected: 'well-formed text', received: 'a string with a lone surrogate or U+0000' };
      continue;
    }
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, expected: 'a finite number', received: String(value) };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH)
      return { path, expected: `at most ${MAX_DEPTH} levels of nesting`, received: 'deeper nesting' };
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` }),
      );
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (FORBIDDEN_KEYS.has(key))
        return { path: childPath, expected: 'no such key', received: `the reserved key ${key}` };
      if (ILL_FORMED.test(key))
        return { path, expected: 'well-formed keys', received: 'a key with a lone surrogate or U+0000' };
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: childPath });
    }
  }
  return undefined;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
