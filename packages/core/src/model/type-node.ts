import type { ArgsModel } from './args-model';

/** A string value and its bounds. */
export interface StringNode {
  readonly kind: 'string';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular-expression source, as JSON Schema's `pattern` (unicode, unanchored). */
  readonly pattern?: string;
  readonly format?: string;
}

/** A number (or integer) value and its bounds. */
export interface NumberNode {
  readonly kind: 'number';
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** A boolean value. */
export interface BooleanNode {
  readonly kind: 'boolean';
}

/** One of a fixed list of strings or numbers. */
export interface EnumNode {
  readonly kind: 'enum';
  readonly values: readonly (string | number)[];
}

/** An array of one item type. */
export interface ArrayNode {
  readonly kind: 'array';
  readonly items: TypeNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/** A nested args class, inlined in schemas (through `$defs` only when recursive). */
export interface ObjectNode {
  readonly kind: 'object';
  readonly model: ArgsModel;
}

/** The normalized type of one argument: what the schema says and what the decoder checks. */
export type TypeNode = StringNode | NumberNode | BooleanNode | EnumNode | ArrayNode | ObjectNode;
