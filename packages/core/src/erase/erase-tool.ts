import type { ErasedTool } from '../invoke/erased-tool';
import { memberOf } from '../metadata/member-of';
import { readToolDescriptors } from '../model/read-tool-descriptors';
import type { ToolDescriptor } from '../model/tool-descriptor';
import type { ContentRenderer } from '../result/result-from-output';
import { eraseDescriptor } from './erase-descriptor';
import type { EraseOptions } from './erase-options';
import { isFunctionTool, type FunctionTool } from './function-tool';

/**
 * The erased form of one tool: an instance of a `@Tool` class (or of a service class with exactly
 * one `@Tool` method), or a `defineTool` record. Throws a `ToolDefinitionError` listing every
 * problem when the definition is incomplete.
 */
export function eraseTool(tool: object | FunctionTool, options?: EraseOptions): ErasedTool {
  if (isFunctionTool(tool)) {
    return eraseDescriptor(
      tool.descriptor,
      undefined,
      tool.run as (...parameters: unknown[]) => unknown,
      undefined,
      options,
    );
  }
  const descriptors = descriptorsOf(tool);
  // The usual class declares one tool: erased without a list around it.
  if (descriptors.length === 1) return eraseBound(descriptors[0]!, tool, options);
  // Every tool is erased all the same, so a problem in one is reported before the count.
  const erased = descriptors.map((descriptor) => eraseBound(descriptor, tool, options));
  const names = erased.map((t) => t.definition.name).join(', ');
  throw new TypeError(
    `${className(tool)} declares ${erased.length} tools (${names}); eraseTool takes one. Use eraseTools(instance) for a service class.`,
  );
}

/**
 * The erased forms of every tool an instance declares: the class itself when it is a `@Tool`
 * class, and each `@Tool` method, all bound to the one instance (so they share its dependencies).
 */
export function eraseTools(instance: object, options?: EraseOptions): ErasedTool[] {
  return descriptorsOf(instance).map((descriptor) => eraseBound(descriptor, instance, options));
}

function descriptorsOf(instance: object): readonly ToolDescriptor[] {
  if (typeof instance !== 'object' || instance === null) {
    throw new TypeError('eraseTools expects an instance of a tool or service class.');
  }
  return readToolDescriptors(memberOf(instance, 'constructor') as Function);
}

/** Erases one descriptor of a class, bound to an instance of it. */
export function eraseBound(descriptor: ToolDescriptor, instance: object, options?: EraseOptions): ErasedTool {
  const members = instance as Record<string, unknown>;
  const fn = memberOf(instance, descriptor.method) as (...parameters: unknown[]) => unknown;
  // toContent belongs to a class tool; a service class's methods render themselves by default.
  const toContent =
    descriptor.origin === 'class' && typeof memberOf(instance, 'toContent') === 'function'
      ? (output: unknown) =>
          (members['toContent'] as (output: unknown) => ReturnType<ContentRenderer>).call(instance, output)
      : undefined;
  return eraseDescriptor(descriptor, instance, fn, toContent, options);
}

function className(instance: object): string {
  return (instance as { constructor?: { name?: string } }).constructor?.name || 'the object';
}
