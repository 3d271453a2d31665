import type { NumberNode, StringNode, TypeNode } from './args-model';

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
  return node.kind === 'string' ? shareIn(strings, node, sameString) : shareIn(numbers, node, sameNumber);
}

function shareIn<T extends StringNode | NumberNode>(known: T[], node: T, same: (a: T, b: T) => boolean): T {
  for (let i = 0; i < known.length; i += 1) if (same(known[i]!, node)) return known[i]!;
  const frozen = Object.freeze(node);
  if (known.length < MAX_SHARED) known.push(frozen);
  return frozen;
}

function sameString(a: StringNode, b: StringNode): boolean {
  return (
    a.minLength === b.minLength &&
    a.maxLength === b.maxLength &&
    a.pattern === b.pattern &&
    a.format === b.format
  );
}

function sameNumber(a: NumberNode, b: NumberNode): boolean {
  return (
    a.integer === b.integer &&
    a.minimum === b.minimum &&
    a.maximum === b.maximum &&
    a.exclusiveMinimum === b.exclusiveMinimum &&
    a.exclusiveMaximum === b.exclusiveMaximum &&
    a.multipleOf === b.multipleOf
  );
}
