import type { ToolError } from '../errors/tool-error';
import type { ContentBlock } from './content-block';
import type { ToolFailure, ToolResultMeta } from './tool-result';

/**
 * The runtime's `ToolFailure`. Its one text block is built from the error's model text on first
 * read, so a failure whose text is never shown (a host retrying on `error.kind`) does not format
 * it. Like `SuccessResult`, `content` is on the prototype; `toJSON()` gives a plain copy.
 */
export class FailureResult implements ToolFailure {
  readonly ok: false;
  readonly error: ToolError;
  readonly meta: ToolResultMeta;
  #content: readonly ContentBlock[] | undefined;

  constructor(error: ToolError, meta: ToolResultMeta) {
    this.ok = false;
    this.error = error;
    this.meta = meta;
    this.#content = undefined;
  }

  /** The error's model text, as the one block the model sees. */
  get content(): readonly ContentBlock[] {
    return (this.#content ??= [{ type: 'text', text: this.error.modelText }]);
  }

  /** A plain copy, `content` included. */
  toJSON(): ToolFailure {
    return { ok: false, error: this.error, content: this.content, meta: this.meta };
  }
}
