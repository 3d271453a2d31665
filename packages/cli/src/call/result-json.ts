import type { ToolResult } from '@toolwright/core';

/** A tool result as `call --json` prints it: JSON-safe, everything a host would log but the stack. */
export function resultJson(result: ToolResult): Record<string, unknown> {
  const meta = {
    toolName: result.meta.toolName,
    callId: result.meta.callId,
    durationMs: result.meta.durationMs,
    ...(result.meta.detached === true ? { detached: true } : {}),
  };
  if (result.ok) {
    return {
      ok: true,
      content: result.content,
      json: result.json,
      ...(result.structuredContent === undefined ? {} : { structuredContent: result.structuredContent }),
      meta,
    };
  }
  const { stack: _stack, name: _name, ...error } = result.error.toJSON();
  return { ok: false, error: withoutUndefined(error), content: result.content, meta };
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
