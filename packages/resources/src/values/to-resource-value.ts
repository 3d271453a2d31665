import { plainToInstance } from 'class-transformer';
import type { ValidationError } from 'class-validator';
import type { ResourceClass } from './resource-class';
import {
  classValidator,
  deepFreeze,
  describeReceived,
  existingValidatorStorage,
} from '@toolwright/core/internal';

import type { ValueIssue } from './value-issue';

/** The outcome of `toResourceValue`: a frozen, valid instance, or every issue found. */
export type ResourceValueResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly ValueIssue[] };

// Keys that would reach an object's prototype; class-transformer drops some of them silently,
// so they are refused on the raw value, before the transform.
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

/**
 * Turns plain data (or an instance) into a fresh, frozen instance of `target`: class-transformer
 * without implicit conversion, then class-validator with `whitelist`, `forbidNonWhitelisted` and
 * `forbidUnknownValues` when the class declares validators (a class without any is not checked:
 * class-validator would reject every property of it as unknown).
 */
export function toResourceValue<T extends object>(
  target: ResourceClass<T>,
  input: unknown,
): ResourceValueResult<T> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return failed({ path: '', message: `must be an object (got ${describeReceived(input)})` });
  }
  const keyIssues = forbiddenKeyIssues(input);
  if (keyIssues.length > 0) return { ok: false, issues: keyIssues };
  let instance: T;
  try {
    instance = plainToInstance(target, input);
  } catch (error) {
    return failed({ path: '', message: `could not be turned into a ${target.name}: ${errorMessage(error)}` });
  }
  if (hasValidators(target)) {
    // class-validator reports a plain object under @ValidateNested only as "an unknown value was
    // passed to the validate function" at `limit.undefined`; the cause is a missing @Type.
    const untyped = untypedNestedIssues(instance, '');
    if (untyped.length > 0) return { ok: false, issues: untyped };
    const errors = classValidator().validateSync(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
    });
    if (errors.length > 0) return { ok: false, issues: flattenValidationErrors(errors, '') };
  }
  return { ok: true, value: deepFreeze(instance) };
}

/** Whether class-validator knows any constraint of `target` (its own or inherited). */
export function hasValidators(target: Function): boolean {
  return validatedProperties(target).length > 0;
}

function validatedProperties(target: Function): string[] {
  const storage = existingValidatorStorage();
  if (storage === undefined) return [];
  const metadatas = storage.getTargetValidationMetadatas(target, '', true, false);
  return [...new Set(metadatas.map((metadata) => metadata.propertyName))];
}

/**
 * Every `@ValidateNested()` property of `instance` (at any depth) whose value class-transformer
 * left a plain object, because the property has no `@Type(() => C)`: its class's validators would
 * never run, so it is refused with the decorator to add.
 */
function untypedNestedIssues(instance: object, prefix: string): ValueIssue[] {
  const owner = instance.constructor;
  const issues: ValueIssue[] = [];
  const nested = classValidator()
    .getMetadataStorage()
    .getTargetValidationMetadatas(owner, '', true, false)
    .filter((metadata) => metadata.type === 'nestedValidation');
  for (const property of new Set(nested.map((metadata) => metadata.propertyName))) {
    const value = (instance as Record<string, unknown>)[property];
    const path = joinPath(prefix, property);
    const items: [unknown, string][] = Array.isArray(value)
      ? value.map((item, index) => [item, `${path}[${index}]`])
      : value instanceof Map || value instanceof Set
        ? []
        : [[value, path]];
    const plain = items.filter(([item]) => isPlainObject(item));
    if (plain.length > 0) {
      const declared = Reflect.getMetadata('design:type', owner.prototype as object, property) as unknown;
      const nestedClass =
        typeof declared === 'function' && declared !== Object && declared !== Array
          ? declared.name
          : 'TheClass';
      issues.push({
        path,
        message:
          `is a plain object, not a ${nestedClass === 'TheClass' ? 'class instance' : nestedClass}: ` +
          `${owner.name}.${property} has @ValidateNested() but no @Type(() => ${nestedClass}) from ` +
          `class-transformer, so its validators cannot run; add @Type(() => ${nestedClass}) to ${owner.name}.${property}`,
      });
      continue;
    }
    for (const [item, itemPath] of items)
      if (typeof item === 'object' && item !== null) issues.push(...untypedNestedIssues(item, itemPath));
  }
  return issues;
}

function isPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function flattenValidationErrors(errors: readonly ValidationError[], prefix: string): ValueIssue[] {
  const issues: ValueIssue[] = [];
  for (const error of errors) {
    const path = joinPath(prefix, error.property);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      issues.push({
        path,
        message:
          constraint === 'whitelistValidation'
            ? unknownPropertyMessage(error)
            : `${withoutLeadingProperty(message, error.property)} (got ${describeReceived(error.value)})`,
      });
    }
    if (error.children && error.children.length > 0)
      issues.push(...flattenValidationErrors(error.children, path));
  }
  return issues;
}

function unknownPropertyMessage(error: ValidationError): string {
  const owner = error.target?.constructor;
  if (typeof owner !== 'function') return 'is not a known property';
  const declared = validatedProperties(owner);
  const list = declared.length > 0 ? `; it declares ${declared.join(', ')}` : '';
  return `is not a property of ${owner.name}${list}`;
}

// class-validator messages start with the property name ("maxLines must be …"); the path says it already.
function withoutLeadingProperty(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : `: ${message}`;
}

function joinPath(prefix: string, property: string): string {
  if (/^(0|[1-9][0-9]*)$/.test(property)) return `${prefix}[${property}]`;
  return prefix === '' ? property : `${prefix}.${property}`;
}

function forbiddenKeyIssues(root: object): ValueIssue[] {
  const issues: ValueIssue[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) {
      issues.push({ path, message: `nests deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : joinPath(path, key);
      if (FORBIDDEN_KEYS.has(key)) {
        issues.push({ path: childPath, message: 'is a forbidden key (it would reach an object prototype)' });
        continue;
      }
      pending.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
  return issues;
}

function failed(issue: ValueIssue): ResourceValueResult<never> {
  return { ok: false, issues: [issue] };
}

function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unreadable error';
  }
}
