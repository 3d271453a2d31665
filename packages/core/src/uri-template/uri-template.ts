import { expandUriTemplate, type UriTemplateValue } from './expand-uri-template';
import { matchUriTemplate, type UriTemplateMatch } from './match-uri-template';
import { parseUriTemplate } from './parse-uri-template';
import type { UriTemplatePart } from './uri-template-part';

/**
 * An RFC 6570 URI template (levels 1–4: simple, `+`, `#`, `.`, `/`, `;`, `?`, `&`, prefixes and
 * explode), parsed once. `expand(values)` writes a URI; `match(uri)` reads the variables back.
 * The constructor throws `UriTemplateError` for invalid syntax.
 */
export class UriTemplate {
  readonly parts: readonly UriTemplatePart[];
  /** The variable names, in order of first appearance. */
  readonly variables: readonly string[];

  constructor(readonly template: string) {
    this.parts = parseUriTemplate(template);
    const names: string[] = [];
    for (const part of this.parts)
      if (part.type === 'expression')
        for (const variable of part.variables) if (!names.includes(variable.name)) names.push(variable.name);
    this.variables = Object.freeze(names);
  }

  /** The URI for these values; undefined variables (and empty lists) expand to nothing. */
  expand(values: Readonly<Record<string, UriTemplateValue>>): string {
    return expandUriTemplate(this.parts, values);
  }

  /** The variables of a URI this template expands to, or `undefined` when it does not match. */
  match(uri: string): UriTemplateMatch | undefined {
    return matchUriTemplate(this.parts, uri);
  }

  /** Whether a variable is exploded (`{name*}`) somewhere in the template: it matches as a list. */
  explodes(name: string): boolean {
    return this.parts.some(
      (part) => part.type === 'expression' && part.variables.some((v) => v.name === name && v.explode),
    );
  }

  toString(): string {
    return this.template;
  }
}
