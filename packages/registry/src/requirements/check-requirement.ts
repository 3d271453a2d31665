import { evaluate, explain, type Expr } from '@toolwright/expr';
import type { Requirement, RequirementLeaf } from './requirement';
import type { ParamLookup, RequirementWorld } from './requirement-world';

/** One unmet part of a requirement, in words, with its fix. */
export interface RequirementFailure {
  /** `search_replace requires read_file unless … (it is false), and read_file is not registered.` */
  readonly message: string;
  /** `register ReadFile, or set skipReadBeforeEdit` */
  readonly fix: string;
}

/** The outcome of one tool's requirement: whether it holds and, when not, each unmet part explained. */
export interface RequirementVerdict {
  readonly holds: boolean;
  /** One failure per unmet top-level conjunct (`requires: [a, b]` or `Expr.and(a, b)`), in order. */
  readonly failures: readonly RequirementFailure[];
  /** The facts found missing (`tool:<name>`, `param:<tool>.<name>`), so templates do not repeat them. */
  readonly missing: readonly string[];
}

const HOLDS: RequirementVerdict = Object.freeze({
  holds: true,
  failures: Object.freeze([]),
  missing: Object.freeze([]),
});

/**
 * Evaluates `requirement` for tool `owner`. Each unmet conjunct of a top-level AND is explained on its
 * own, naming only what is wrong: what the tool requires, the deciding params values inline with what
 * they are, and the leaves that made it false.
 */
export function checkRequirement(
  owner: string,
  requirement: Requirement,
  world: RequirementWorld,
): RequirementVerdict {
  // Most requirements hold: decide them without building the explaining machinery.
  if (requirementHolds(world, owner, requirement)) return HOLDS;
  const scope = new Scope(owner, owner, world);
  const missing: string[] = [];
  const failures = conjuncts(requirement)
    .filter((part) => !evaluate(part, scope.holds))
    .map((part) => explainFailure(owner, part, scope, missing));
  return { holds: false, failures, missing };
}

// `evaluate` for the tool in scope `tool`, without a closure per tool and per required tool, and with
// indexed loops: finalize runs cold, where for…of allocates an iterator result per operand.
function requirementHolds(world: RequirementWorld, tool: string, requirement: Requirement): boolean {
  switch (requirement.type) {
    case 'value':
      return leafHolds(world, tool, requirement.leaf);
    case 'and': {
      const { operands } = requirement;
      for (let index = 0; index < operands.length; index += 1)
        if (!requirementHolds(world, tool, operands[index]!)) return false;
      return true;
    }
    case 'or': {
      const { operands } = requirement;
      for (let index = 0; index < operands.length; index += 1)
        if (requirementHolds(world, tool, operands[index]!)) return true;
      return false;
    }
    case 'not':
      return !requirementHolds(world, tool, requirement.operand);
    case 'true':
      return true;
    case 'false':
      return false;
  }
}

function leafHolds(world: RequirementWorld, tool: string, leaf: RequirementLeaf): boolean {
  switch (leaf.type) {
    case 'tool': {
      const parameters = leaf.parameters;
      if (!world.hasTool(leaf.name)) return false;
      return parameters === undefined || requirementHolds(world, leaf.name, parameters);
    }
    case 'kind':
      return world.hasKind(leaf.kind);
    case 'param':
      return world.exposes(tool, leaf.name);
    case 'param_value': {
      const lookup = world.paramValue(tool, leaf.path, tool);
      return lookup.found && sameValue(lookup.value, leaf.value);
    }
  }
}

function explainFailure(
  owner: string,
  part: Requirement,
  scope: Scope,
  missing: string[],
): RequirementFailure {
  const explanation = explain(part, scope.holds);
  // Params values are stated inline ("… is true (it is false)"), so the reasons name the rest.
  const reasons = explanation.reasons
    .filter((reason) => reason.leaf.type !== 'param_value')
    .map((reason) => scope.reason(reason.leaf, reason.holds, missing))
    .filter((reason) => reason !== '');
  const fixes = explanation.reasons.map((reason) => scope.fix(reason.leaf, reason.holds));
  const because = reasons.length > 0 ? `, and ${joinAll(reasons, 'and')}` : '';
  return {
    message: `${owner} requires ${scope.phrase(part)}${because}.`,
    fix: joinAll(distinct(fixes), part.type === 'and' ? 'and' : 'or', true),
  };
}

// The operands of nested top-level ANDs, flattened: each is a separate thing the tool needs.
function conjuncts(requirement: Requirement): Requirement[] {
  return requirement.type === 'and' ? requirement.operands.flatMap(conjuncts) : [requirement];
}

// Evaluates and words leaves relative to one tool: the owner at the top level, the required tool inside
// `requiresTool(name, parameters)`.
class Scope {
  private values: Map<string, ParamLookup> | undefined;
  private deciding: ReadonlySet<RequirementLeaf> = new Set();

  constructor(
    private readonly tool: string,
    private readonly owner: string,
    private readonly world: RequirementWorld,
  ) {}

  readonly holds = (leaf: RequirementLeaf): boolean => {
    switch (leaf.type) {
      case 'tool':
        return (
          this.world.hasTool(leaf.name) &&
          (leaf.parameters === undefined || this.inner(leaf.name).test(leaf.parameters))
        );
      case 'kind':
        return this.world.hasKind(leaf.kind);
      case 'param':
        return this.world.exposes(this.tool, leaf.name);
      case 'param_value': {
        const lookup = this.lookup(leaf.path);
        return lookup.found && sameValue(lookup.value, leaf.value);
      }
    }
  };

  test(requirement: Requirement): boolean {
    return evaluate(requirement, this.holds);
  }

  /** The requirement in words, each deciding params value annotated with what it is. */
  phrase(expr: Requirement): string {
    this.deciding = new Set(explain(expr, this.holds).reasons.map((reason) => reason.leaf));
    return this.words(expr, false);
  }

  /** Why one deciding leaf has the value it has (`''` when its phrase already says it); records what is missing. */
  reason(leaf: RequirementLeaf, holds: boolean, missing: string[]): string {
    switch (leaf.type) {
      case 'tool': {
        if (holds) return `${leaf.name} is registered`;
        if (!this.world.hasTool(leaf.name)) {
          missing.push(`tool:${leaf.name}`);
          return `${leaf.name} is not registered`;
        }
        const inner = this.inner(leaf.name);
        const reasons = explain(leaf.parameters!, inner.holds)
          .reasons.filter((reason) => reason.leaf.type !== 'param_value')
          .map((reason) => inner.reason(reason.leaf, reason.holds, missing));
        return joinAll(reasons, 'and');
      }
      case 'kind':
        return holds
          ? `a tool of kind ${leaf.kind} is registered`
          : `no tool of kind ${leaf.kind} is registered`;
      case 'param':
        if (holds) return `${this.tool} has a parameter ${leaf.name}`;
        missing.push(`param:${this.tool}.${leaf.name}`);
        return `${this.tool} has no parameter ${leaf.name}`;
      case 'param_value': {
        const lookup = this.lookup(leaf.path);
        return `${lookup.path} is ${lookup.found ? json(lookup.value) : notSet(lookup)}`;
      }
    }
  }

  /** How to fix one deciding leaf. */
  fix(leaf: RequirementLeaf, holds: boolean): string {
    switch (leaf.type) {
      case 'tool': {
        if (holds) return `remove ${leaf.name}`;
        if (!this.world.hasTool(leaf.name))
          return `register ${leaf.className ?? `a tool named ${leaf.name}`}`;
        const inner = this.inner(leaf.name);
        const explanation = explain(leaf.parameters!, inner.holds);
        return joinAll(
          distinct(explanation.reasons.map((reason) => inner.fix(reason.leaf, reason.holds))),
          leaf.parameters!.type === 'or' ? 'or' : 'and',
        );
      }
      case 'kind':
        return holds ? `remove the tools of kind ${leaf.kind}` : `register a tool of kind ${leaf.kind}`;
      case 'param':
        return holds
          ? `remove the parameter ${leaf.name} from ${this.tool}`
          : `give ${this.tool} a parameter ${leaf.name}`;
      case 'param_value': {
        const lookup = this.lookup(leaf.path);
        if (holds) return `change ${lookup.field}`;
        const unknown = lookup.unknownProperty;
        if (unknown !== undefined) {
          return `paramEquals('${leaf.path}', …) names no property of ${unknown.className}: name one of ${joinAll(unknown.properties, 'or')}`;
        }
        return leaf.value === true ? `set ${lookup.field}` : `set ${lookup.field} to ${json(leaf.value)}`;
      }
    }
  }

  private inner(tool: string): Scope {
    return new Scope(tool, this.owner, this.world);
  }

  private lookup(path: string): ParamLookup {
    this.values ??= new Map();
    let lookup = this.values.get(path);
    if (lookup === undefined) {
      lookup = this.world.paramValue(this.tool, path, this.owner);
      this.values.set(path, lookup);
    }
    return lookup;
  }

  private words(expr: Requirement, negated: boolean): string {
    switch (expr.type) {
      case 'true':
        return negated ? 'something impossible' : 'nothing';
      case 'false':
        return negated ? 'nothing' : 'something impossible';
      case 'value':
        return this.leafWords(expr.leaf, negated);
      case 'not':
        return this.words(expr.operand, !negated);
      case 'and':
      case 'or': {
        // Under NOT, De Morgan: NOT (a AND b) reads "not a or not b".
        const conjunction = (expr.type === 'and') !== negated ? 'and' : 'or';
        if (conjunction === 'or') {
          const conditions = expr.operands.filter((operand) => isCondition(operand));
          const needs = expr.operands.filter((operand) => !isCondition(operand));
          if (conditions.length > 0 && needs.length > 0) {
            const need = joinAll(
              needs.map((operand) => this.group(operand, negated)),
              'or',
            );
            const unless = joinAll(
              conditions.map((operand) => this.group(operand, negated)),
              'or',
            );
            return `${need} unless ${unless}`;
          }
        }
        return joinAll(
          expr.operands.map((operand) => this.group(operand, negated)),
          conjunction,
        );
      }
    }
  }

  private group(expr: Requirement, negated: boolean): string {
    const text = this.words(expr, negated);
    return expr.type === 'and' || expr.type === 'or' ? `(${text})` : text;
  }

  private leafWords(leaf: RequirementLeaf, negated: boolean): string {
    const not = negated ? 'no ' : '';
    switch (leaf.type) {
      case 'tool': {
        if (leaf.parameters === undefined) return negated ? `no ${leaf.name}` : leaf.name;
        const inner = this.inner(leaf.name);
        const parameters = paramNames(leaf.parameters);
        const detail =
          parameters !== undefined
            ? `with the parameter${parameters.length === 1 ? '' : 's'} ${joinAll(parameters, 'and')}`
            : `where ${inner.phrase(leaf.parameters)}`;
        return `${not}${leaf.name} ${detail}`;
      }
      case 'kind':
        return negated ? `no tool of kind ${leaf.kind}` : `a tool of kind ${leaf.kind}`;
      case 'param':
        return negated
          ? `${this.tool} without the parameter ${leaf.name}`
          : `${this.tool} with the parameter ${leaf.name}`;
      case 'param_value': {
        const lookup = this.lookup(leaf.path);
        const matches = lookup.found && sameValue(lookup.value, leaf.value);
        const stated = `${lookup.path} is ${negated ? 'not ' : ''}${json(leaf.value)}`;
        // The actual value is named where it decided the outcome.
        if (!this.deciding.has(leaf) || matches === !negated) return stated;
        return `${stated} (it is ${lookup.found ? json(lookup.value) : notSet(lookup)})`;
      }
    }
  }
}

// A condition is a statement about configuration, read as "unless …" next to what is needed.
function isCondition(expr: Expr<RequirementLeaf>): boolean {
  if (expr.type === 'value') return expr.leaf.type === 'param_value';
  if (expr.type === 'not') return isCondition(expr.operand);
  return false;
}

// The names when `expr` is one `hasParam` or an AND of them.
function paramNames(expr: Requirement): string[] | undefined {
  if (expr.type === 'value') return expr.leaf.type === 'param' ? [expr.leaf.name] : undefined;
  if (expr.type !== 'and' || expr.operands.length === 0) return undefined;
  const names: string[] = [];
  for (const operand of expr.operands) {
    if (operand.type !== 'value' || operand.leaf.type !== 'param') return undefined;
    names.push(operand.leaf.name);
  }
  return names;
}

function sameValue(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null)
    return false;
  return json(actual) === json(expected);
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function distinct(items: readonly string[]): string[] {
  return [...new Set(items.filter((item) => item !== ''))];
}

/** `a`, `a and b`, `a, b and c`; with `comma`, `a, or b`. */
export function joinAll(items: readonly string[], conjunction: 'and' | 'or', comma = false): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1]!;
  const head = items.slice(0, -1).join(', ');
  return `${head}${comma ? ',' : ''} ${conjunction} ${last}`;
}

// Why a params value was not found, when it is known: the path names no property of the class.
function notSet(lookup: ParamLookup): string {
  const unknown = lookup.unknownProperty;
  if (unknown === undefined) return 'not set';
  const declared =
    unknown.properties.length === 0
      ? 'it declares none'
      : `its properties are ${joinAll(unknown.properties, 'and')}`;
  return `not set: ${unknown.className} has no property ${unknown.property}; ${declared}`;
}
