import type { NumberNode, StringNode, TypeNode } from './type-node';

// Equal nodes are common across tools (`{ kind: 'number', integer: true, minimum: 1 }`), and a
// node is frozen, so one object can stand for all of them — and a schema written for it (see
// `writeSchema`) is shared too. Few distinct nodes exist, so a short list compared field by field
// (no key to build) finds them; past its bound, further nodes are simply not shared.
const strings: StringNode[] = [];
const numbers: NumberNode[] = [];
const MAX_SHARED = 64;

/**
 * The node shared by every node equal to `node` (a new string or number node), or `node` itself,
 * frozen: only a node met for the first time is frozen.
 */
export function shareTypeNode(node: StringNode | NumberNode): TypeNode {
  if (node.kind === 'string') {
    for (let i = 0; i < strings.length; i += 1) {
      const known = strings[i]!;
      if (
        known.minLength === node.minLength &&
        known.maxLength === node.maxLength &&
        known.pattern === node.pattern &&
        known.format === node.format
      )
        return known;
    }
    const frozen = Object.freeze(node);
    if (strings.length < MAX_SHARED) strings.push(frozen);
    return frozen;
  }
  for (let i = 0; i < numbers.length; i += 1) {
    const known = numbers[i]!;
    if (
      known.integer === node.integer &&
      known.minimum === node.minimum &&
      known.maximum === node.maximum &&
      known.exclusiveMinimum === node.exclusiveMinimum &&
      known.exclusiveMaximum === node.exclusiveMaximum &&
      known.multipleOf === node.multipleOf
    )
      return known;
  }
  const frozen = Object.freeze(node);
  if (numbers.length < MAX_SHARED) numbers.push(frozen);
  return frozen;
}
