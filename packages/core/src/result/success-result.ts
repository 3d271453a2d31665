import type { ContentBlock } from './content-block';
import { defaultContent } from './default-content';
import { isMetaSource, type MetaSource, type ToolResultMeta, type ToolSuccess } from './tool-result';

const UNRENDERABLE_TEXT = '(the output could not be shown as text)';

/**
 * The runtime's `ToolSuccess`. `content` is rendered on first read and kept: a host that uses
 * `value` (a program calling tools) never pays for turning the output into model text, and one
 * that forwards `content` pays once. Only renderings that cannot fail are deferred; a tool's own
 * `toContent` runs at once, so its failure is the call's `invalid_output`.
 *
 * `meta` is made on first read too, from the call's context (most hosts never read it). Both
 * live on the prototype, so a spread copy (`{ ...result }`) has neither: copy with `toJSON()`
 * (also what `JSON.stringify` uses), which includes them.
 */
export class SuccessResult<T = unknown> implements ToolSuccess<T> {
  readonly ok: true;
  readonly value: T;
  readonly json: unknown;
  declare readonly structuredContent?: Record<string, unknown>;
  // The meta, or where to get it on first read (like `content`, it is read through the prototype).
  #meta: ToolResultMeta | MetaSource;
  #content: readonly ContentBlock[] | undefined;
  readonly #maxTextBytes: number;

  /**
   * @param content the rendered content, or `undefined` for the default rendering of `value`
   *   (see `defaultContent`), done on first read with text capped at `maxTextBytes`.
   */
  constructor(
    value: T,
    json: unknown,
    content: readonly ContentBlock[] | undefined,
    maxTextBytes: number,
    meta: ToolResultMeta | MetaSource,
    structuredContent?: Record<string, unknown>,
  ) {
    this.ok = true;
    this.value = value;
    this.json = json;
    this.#meta = meta;
    this.#content = content;
    this.#maxTextBytes = maxTextBytes;
    if (structuredContent !== undefined) this.structuredContent = structuredContent;
  }

  /** Host-only facts about the call. */
  get meta(): ToolResultMeta {
    const meta = this.#meta;
    if (!isMetaSource(meta)) return meta;
    return (this.#meta = meta.resultMeta());
  }

  /** What the model sees; never empty. */
  get content(): readonly ContentBlock[] {
    if (this.#content === undefined) {
      try {
        this.#content = defaultContent(this.value, this.json, this.#maxTextBytes);
      } catch {
        // Only a value that changed since it was checked (a Proxy, a getter) gets here.
        this.#content = [{ type: 'text', text: UNRENDERABLE_TEXT }];
      }
    }
    return this.#content;
  }

  /** A plain copy, `content` included. */
  toJSON(): ToolSuccess<T> {
    const plain: { -readonly [K in keyof ToolSuccess<T>]: ToolSuccess<T>[K] } = {
      ok: true,
      value: this.value,
      json: this.json,
      content: this.content,
      meta: this.meta,
    };
    if (this.structuredContent !== undefined) plain.structuredContent = this.structuredContent;
    return plain;
  }
}
