import { dependenciesOf, Params, type ResourceClass, type Resources } from '@toolwright/resources';
import type { RegisteredTool } from './registered-tool';
import type { ParamLookup, RequirementWorld } from '../requirements/requirement-world';
import type { TemplateWorld } from '../templates/render-description';
import type { ToolKind } from '../taxonomy/tool-kind';

/** What a world needs to know about one tool. */
export interface WorldTool extends Pick<RegisteredTool, 'name' | 'kind' | 'parameters'> {
  readonly owner: Function | undefined;
}

/** The params classes bound in a registry, in binding order. */
export type BoundParams = readonly ResourceClass[];

/**
 * The registered tools and bound params as requirements and templates see them. Built once per
 * check with `Map`s, so every question is answered in constant time (finalize stays linear).
 */
export class ToolWorld implements RequirementWorld, TemplateWorld {
  private readonly tools = new Map<string, WorldTool>();
  private readonly kinds = new Map<ToolKind, string>();
  private readonly paramsByName = new Map<string, ResourceClass>();
  private readonly paramsOfOwner = new Map<Function, readonly ResourceClass[]>();
  private readonly paramsByToken: ReadonlyMap<unknown, ResourceClass>;

  /** Every registered tool, built or not; of several tools with one name, the first counts. */
  constructor(
    tools: readonly WorldTool[],
    private readonly boundParams: BoundParams,
    private readonly resources: Resources,
  ) {
    this.add(tools);
    const byToken = new Map<unknown, ResourceClass>();
    for (const target of boundParams) {
      byToken.set(Params.of(target), target);
      if (!this.paramsByName.has(target.name)) this.paramsByName.set(target.name, target);
    }
    this.paramsByToken = byToken;
  }

  /** The entry registered under `name`: the first tool given with that name. */
  entry(name: string): WorldTool | undefined {
    return this.tools.get(name);
  }

  hasTool(name: string): boolean {
    return this.tools.has(name);
  }

  exposes(tool: string, param: string): boolean {
    // Tools have a handful of parameters: a scan beats building a Set per tool.
    return this.tools.get(tool)?.parameters.includes(param) === true;
  }

  hasKind(kind: ToolKind): boolean {
    return this.kinds.has(kind);
  }

  firstOfKind(kind: ToolKind): string | undefined {
    return this.kinds.get(kind);
  }

  /** The names of the registered tools of `kind`, in registration order. */
  toolsOfKind(kind: ToolKind): string[] {
    const names: string[] = [];
    for (const [name, entry] of this.tools) if (entry.kind === kind) names.push(name);
    return names;
  }

  paramValue(scope: string, path: string, owner: string): ParamLookup {
    const segments = path.split('.');
    let tool = scope;
    let fieldPath = segments;
    if (segments[0] === 'params' && segments.length >= 3) {
      tool = segments[1]!;
      fieldPath = segments.slice(2);
    } else if (segments.length >= 2 && this.paramsByName.has(segments[0]!)) {
      const target = this.paramsByName.get(segments[0]!)!;
      return { path, field: path, ...this.read(target, segments.slice(1)) };
    }
    const field = fieldPath.join('.');
    const canonical = `params.${tool}.${field}`;
    const shown = tool === owner ? field : canonical;
    let unknown: ParamLookup['unknownProperty'];
    for (const target of this.candidates(tool)) {
      const found = this.read(target, fieldPath);
      if (found.found) return { path: canonical, field: shown, ...found };
      unknown ??= found.unknownProperty;
    }
    return {
      path: canonical,
      field: shown,
      found: false,
      value: undefined,
      ...(unknown === undefined ? {} : { unknownProperty: unknown }),
    };
  }

  // Indexed: finalize runs cold, where for…of allocates an iterator result per tool.
  private add(tools: readonly WorldTool[]): void {
    for (let index = 0; index < tools.length; index += 1) {
      const entry = tools[index]!;
      const { name, kind } = entry;
      if (this.tools.has(name)) continue;
      this.tools.set(name, entry);
      if (!this.kinds.has(kind)) this.kinds.set(kind, name);
    }
  }

  // The tool's own params classes first (those its constructor injects), then every bound params class.
  private candidates(tool: string): readonly ResourceClass[] {
    const owner = this.tools.get(tool)?.owner;
    if (owner === undefined) return this.boundParams;
    let own = this.paramsOfOwner.get(owner);
    if (own === undefined) {
      own = [];
      try {
        for (const dependency of dependenciesOf(owner)) {
          const target = this.paramsByToken.get(dependency.token);
          if (target !== undefined) (own as ResourceClass[]).push(target);
        }
      } catch {
        // A class whose dependencies cannot be read is reported elsewhere.
      }
      this.paramsOfOwner.set(owner, own);
    }
    return own.length > 0 ? own : this.boundParams;
  }

  private read(
    target: ResourceClass,
    fieldPath: readonly string[],
  ): { found: boolean; value: unknown; unknownProperty?: ParamLookup['unknownProperty'] } {
    let value: unknown;
    try {
      value = this.resources.get(Params.of(target));
    } catch {
      return { found: false, value: undefined };
    }
    for (let index = 0; index < fieldPath.length; index += 1) {
      const segment = fieldPath[index]!;
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) {
        if (index > 0 || typeof value !== 'object' || value === null)
          return { found: false, value: undefined };
        // A path that names no property of the params class: say so, with what it declares.
        const unknownProperty = { className: target.name, property: segment, properties: Object.keys(value) };
        return { found: false, value: undefined, unknownProperty };
      }
      value = (value as Record<string, unknown>)[segment];
    }
    return { found: true, value };
  }
}
