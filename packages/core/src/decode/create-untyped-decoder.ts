import { resolveDecodeLimits, type DecodeLimits } from './decode-limits';
import { countColons, findDuplicateKeys } from './find-duplicate-keys';
import { appendPath } from './json-path';
import { parseJsonArguments } from './json-syntax-issue';
import { RESERVED_KEYS } from './reserved-keys';
import {
  invalidArgumentsError,
  payloadTooLargeError,
  type ArgumentIssue,
  ToolError,
} from './tool-error-adapter';
import { describeIllFormed, isWellFormed } from './unicode';
import { utf8Length } from './utf8-length';

/** Options of `createUntypedDecoder`. */
export interface UntypedDecoderOptions extends Partial<DecodeLimits> {
  readonly toolName?: string;
  /** Checks the parsed object against the tool's schema (an ajv validator, say); returns the problems. */
  readonly validate?: (value: Record<string, unknown>) => readonly ArgumentIssue[] | undefined;
}

/**
 * A decoder for tools whose schema is only known at run time (`dynamicTool`, MCP imports): the
 * same limits as the compiled decoder — size, strict JSON, duplicate keys, depth, node count,
 * reserved keys, ill-formed strings, non-finite numbers, a plain object at the top (R1–R4) — then
 * the host's `validate`. Returns the plain object, or a `ToolError`; never throws.
 */
export function createUntypedDecoder(
  options: UntypedDecoderOptions = {},
): (raw: unknown) => Record<string, unknown> | ToolError {
  const limits = resolveDecodeLimits(options);
  const { toolName, validate } = options;
  return (raw) => {
    let value: unknown = raw === undefined ? {} : raw;
    let text: string | undefined;
    if (typeof raw === 'string') {
      text = raw;
      if (text.length * 3 > limits.maxBytes) {
        const bytes = utf8Length(text);
        if (bytes > limits.maxBytes)
          return payloadTooLargeError(bytes.toLocaleString('en-US'), limits.maxBytes, toolName);
      }
      value = parseJsonArguments(text, toolName);
      if (value instanceof ToolError) return value;
    }
    let issues: ArgumentIssue[];
    let keys: number;
    try {
      ({ issues, keys } = walk(value, limits));
    } catch (error) {
      const issue = { path: '', expected: 'plain JSON data', received: 'a value that threw when read' };
      return invalidArgumentsError([issue], 0, toolName, error);
    }
    if (issues.length === 0 && text !== undefined && countColons(text, keys) !== keys) {
      for (const { path, count } of findDuplicateKeys(text)) {
        issues.push({ path, expected: 'each property once', received: `it ${count} times` });
      }
    }
    if (issues.length === 0 && validate) issues = [...(validate(value as Record<string, unknown>) ?? [])];
    return issues.length === 0
      ? (value as Record<string, unknown>)
      : invalidArgumentsError(issues, 0, toolName);
  };
}

// Iterative, so hostile nesting cannot overflow the stack before the depth limit stops it.
function walk(root: unknown, limits: DecodeLimits): { issues: ArgumentIssue[]; keys: number } {
  const issues: ArgumentIssue[] = [];
  if (!isPlainObject(root)) {
    issues.push({
      path: '',
      expected: 'a JSON object',
      received: root === null ? 'null' : Array.isArray(root) ? 'an array' : typeof root,
    });
    return { issues, keys: 0 };
  }
  let keys = 0;
  let nodes = 0;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 1 }];
  while (stack.length > 0 && issues.length < 20) {
    const { value, path, depth } = stack.pop()!;
    if (++nodes > limits.maxNodes) {
      issues.unshift({ path, expected: `at most ${limits.maxNodes} values`, received: 'more' });
      break;
    }
    if (typeof value === 'string') {
      if (!isWellFormed(value))
        issues.push({ path, expected: 'well-formed text', received: describeIllFormed(value) });
      else if (value.includes('\u0000'))
        issues.push({ path, expected: 'text without U+0000', received: 'a NUL character' });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value))
        issues.push({ path, expected: 'a finite number', received: String(value) });
    } else if (Array.isArray(value) || isPlainObject(value)) {
      if (depth > limits.maxDepth) {
        issues.unshift({
          path,
          expected: `nesting at most ${limits.maxDepth} levels deep`,
          received: 'deeper nesting',
        });
        break;
      }
      if (Array.isArray(value)) {
        for (let index = value.length - 1; index >= 0; index--) {
          stack.push({ value: value[index], path: appendPath(path, index), depth: depth + 1 });
        }
      } else {
        for (const key of Object.keys(value)) {
          keys++;
          const child = appendPath(path, key);
          if (RESERVED_KEYS.has(key)) {
            issues.push({
              path: child,
              expected: 'no __proto__, constructor or prototype keys',
              received: `a "${key}" key`,
            });
            continue;
          }
          stack.push({ value: (value as Record<string, unknown>)[key], path: child, depth: depth + 1 });
        }
      }
    } else if (value !== null && typeof value !== 'boolean') {
      issues.push({ path, expected: 'JSON data', received: typeof value });
    }
  }
  return { issues, keys };
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
