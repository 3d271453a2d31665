import { createUntypedDecoder, ToolError } from '@toolwright/core';
import type { ArgumentValidator } from './compile-validator';

/**
 * The decoder of an imported tool's raw arguments: core's schemaless decoder (size cap, strict
 * JSON, duplicate keys, depth, node count, prototype keys, ill-formed strings, non-finite numbers,
 * a plain object at the top — R1–R4), then the remote tool's own schema through ajv. What is
 * validated is exactly what is sent. Throws the `ToolError` (the erased-tool contract).
 */
export function remoteArgsDecoder(
  validate: ArgumentValidator,
  toolName: string,
  maxBytes: number,
): (raw: unknown) => Record<string, unknown> {
  const decode = createUntypedDecoder({ toolName, maxBytes, validate });
  return (raw) => {
    const decoded = decode(raw === null ? undefined : raw);
    if (decoded instanceof ToolError) throw decoded;
    return decoded;
  };
}

/** Decodes one call's arguments (see `remoteArgsDecoder`). */
export function decodeRemoteArgs(
  raw: unknown,
  validate: ArgumentValidator,
  toolName: string,
  maxBytes: number,
): Record<string, unknown> {
  return remoteArgsDecoder(validate, toolName, maxBytes)(raw);
}
