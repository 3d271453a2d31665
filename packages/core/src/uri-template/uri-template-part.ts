import type { UriTemplateOperator } from './uri-template-operator';

/** One variable of an expression: `name`, `name*` (explode) or `name:3` (prefix). */
export interface VariableSpec {
  readonly name: string;
  readonly explode: boolean;
  /** The prefix length of `{name:3}`. */
  readonly prefix?: number;
}

/** A piece of a parsed template: literal text, or one `{…}` expression. */
export type UriTemplatePart =
  | { readonly type: 'literal'; readonly text: string }
  | {
      readonly type: 'expression';
      readonly operator: UriTemplateOperator;
      readonly variables: readonly VariableSpec[];
    };
