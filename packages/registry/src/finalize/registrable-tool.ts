import type { ErasedTool, FunctionTool } from '@toolwright/core';
import type { ToolNamespace } from '../taxonomy/tool-namespace';

/** A class the registry instantiates through its container: a `@Tool` class, or a service class with `@Tool` methods. */
export type ToolClass = abstract new (...args: any[]) => object;

/**
 * Anything the registry accepts as a tool: a `@Tool` class, a service class (each `@Tool` method a
 * tool), a `defineTool(…)` record, or an erased tool (`dynamicTool(…)`, `eraseTool(…)`, `createErasedTool(…)`).
 */
export type RegistrableTool = ToolClass | FunctionTool | ErasedTool;

/** Options of one registration. */
export interface ToolRegistrationOptions {
  /** Overrides the namespace the tool declares (`toolset(namespace, …)` sets it for a group). */
  readonly namespace?: ToolNamespace;
  /** Defer (or keep loaded) the tools of this registration, whatever they and the registry say. */
  readonly deferLoading?: boolean;
}
