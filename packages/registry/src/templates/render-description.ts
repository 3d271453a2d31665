import { isToolKind } from '../taxonomy/tool-kind';
import type { ToolKind } from '../taxonomy/tool-kind';

/** One `${{ … }}` reference of a description, resolved or not. */
export interface TemplateReference {
  /** The reference as written, e.g. `${{ params.edit.old_string }}`. */
  readonly text: string;
  /** `tools.<name>` names a tool; `params.<tool>.<param>` an argument a tool exposes; `unknown` anything else. */
  readonly type: 'tool' | 'param' | 'unknown';
  /** The tool referred to (for `param`: the tool that must expose the argument). */
  readonly tool: string;
  /** For `param`: the argument's name. */
  readonly param?: string;
  /** The rendered text, or `undefined` when the reference does not resolve. */
  readonly value: string | undefined;
}

/** What templates are rendered against: the registered tools. */
export interface TemplateWorld {
  hasTool(name: string): boolean;
  exposes(tool: string, param: string): boolean;
  /** The first registered tool of a kind, for `${{ tools.<kind> }}`. */
  firstOfKind(kind: ToolKind): string | undefined;
}

/** A rendered description and every reference it made. */
export interface RenderedDescription {
  readonly text: string;
  readonly references: readonly TemplateReference[];
}

const REFERENCE = /\$\{\{\s*([^}]*?)\s*\}\}/g;
const MARKER = '${{';
const NO_REFERENCES: readonly TemplateReference[] = Object.freeze([]);

/**
 * Renders `${{ tools.<name> }}` (the registered name; or, when no tool has that name and it is a kind,
 * the first registered tool of that kind) and `${{ params.<tool>.<param> }}` (the argument's name,
 * checked to be exposed). An unresolved reference is left as written and reported. With
 * `onlyUnresolved`, `references` lists only those (all a finalize reports).
 */
export function renderDescription(
  description: string,
  world: TemplateWorld,
  onlyUnresolved = false,
): RenderedDescription {
  // Most descriptions have no template: skip the regular expression entirely.
  if (!description.includes(MARKER)) return { text: description, references: NO_REFERENCES };
  let references: TemplateReference[] | undefined;
  const text = description.replace(REFERENCE, (written: string, body: string) => {
    const reference = resolve(written, body, world);
    if (reference.value === undefined || !onlyUnresolved) (references ??= []).push(reference);
    return reference.value ?? written;
  });
  return { text, references: references ?? NO_REFERENCES };
}

function resolve(text: string, body: string, world: TemplateWorld): TemplateReference {
  const parts = body.split('.');
  if (parts[0] === 'tools' && parts.length === 2 && parts[1] !== '') {
    const tool = parts[1]!;
    if (world.hasTool(tool)) return { text, type: 'tool', tool, value: tool };
    const byKind = isToolKind(tool) ? world.firstOfKind(tool) : undefined;
    return { text, type: 'tool', tool, value: byKind };
  }
  if (parts[0] === 'params' && parts.length === 3 && parts[1] !== '' && parts[2] !== '') {
    const tool = parts[1]!;
    const param = parts[2]!;
    const exposed = world.exposes(tool, param);
    return { text, type: 'param', tool, param, value: exposed ? param : undefined };
  }
  return { text, type: 'unknown', tool: body, value: undefined };
}
