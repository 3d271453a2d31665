import { LazyServiceIdentifier, type ServiceIdentifier } from 'inversify';

// The one reader of Inversify's per-class metadata. `inversify` exports the decorators but not
// the reader (`getClassMetadata` lives in `@inversifyjs/core`, which this package does not
// depend on directly), so the two reflect-metadata keys of @inversifyjs/core 7 are read here and
// nowhere else. `inversify-metadata.test.ts` checks this reader against `getClassMetadata`, so an
// Inversify upgrade that moves them fails a test instead of silently finding no dependencies.
const CLASS_METADATA_KEY = '@inversifyjs/core/classMetadataReflectKey';
const INJECTABLE_FLAG_KEY = '@inversifyjs/core/classIsInjectableFlagReflectKey';

// ClassElementMetadataKind of @inversifyjs/core.
const MULTIPLE_INJECTION = 0;
const SINGLE_INJECTION = 1;

interface RawElementMetadata {
  readonly kind: number;
  readonly value?: ServiceIdentifier | LazyServiceIdentifier;
  readonly optional?: boolean;
}

interface RawClassMetadata {
  readonly constructorArguments: readonly (RawElementMetadata | undefined)[];
  readonly properties: ReadonlyMap<string | symbol, RawElementMetadata>;
}

/** Where a class receives one injected value. */
export interface InjectionSite {
  /** `constructor parameter #2` (1-based) or `property workspace`. */
  readonly site: string;
  /** The token Inversify resolves there; `undefined` when no token was recorded (see `designType`). */
  readonly token: ServiceIdentifier | undefined;
  /** `@optional()`: an unbound token is injected as `undefined`. */
  readonly optional: boolean;
  /** `@multiInject`: every binding of the token, as an array. */
  readonly multiple: boolean;
  /** The parameter's type as TypeScript recorded it (`design:paramtypes`), for explanations. */
  readonly designType: unknown;
}

/** Whether `@injectable()` was applied to `target` itself (by its author or by `ensureInjectable`). */
export function isMarkedInjectable(target: Function): boolean {
  return Reflect.getOwnMetadata(INJECTABLE_FLAG_KEY, target) === true;
}

/**
 * Whether `target` declares no constructor of its own, so it is built with its base class's
 * parameters: TypeScript emits `design:paramtypes` for a decorated class's own constructor only.
 */
export function inheritsConstructor(target: Function): boolean {
  const base = Object.getPrototypeOf(target) as unknown;
  return (
    typeof base === 'function' &&
    base !== Function.prototype &&
    target.length === 0 &&
    Reflect.getOwnMetadata('design:paramtypes', target) === undefined &&
    Reflect.getOwnMetadata(CLASS_METADATA_KEY, target) === undefined
  );
}

// Read once: asked for every tool class of every finalize.
const FUNCTION_PROTOTYPE: unknown = Function.prototype;

/**
 * Whether Inversify would build `target` with a bare `new target()`: it takes no constructor
 * parameters, extends nothing, and carries no Inversify metadata (no `@inject`, `@optional`,
 * `@postConstruct`, no `@injectable()` with options).
 */
export function hasNothingToInject(target: Function): boolean {
  if (target.length !== 0 || Object.getPrototypeOf(target) !== FUNCTION_PROTOTYPE) return false;
  const designTypes = Reflect.getOwnMetadata('design:paramtypes', target) as unknown[] | undefined;
  if (designTypes !== undefined && designTypes.length > 0) return false;
  return Reflect.getOwnMetadata(CLASS_METADATA_KEY, target) === undefined;
}

/**
 * Every place `target` receives an injected value, as Inversify will resolve it: constructor
 * parameters (including those without a token, which Inversify refuses) and injected properties.
 * `@unmanaged()` parameters are not injected and are left out.
 */
export function readInjectionSites(target: Function): readonly InjectionSite[] {
  const metadata = Reflect.getOwnMetadata(CLASS_METADATA_KEY, target) as RawClassMetadata | undefined;
  const designTypes = (Reflect.getOwnMetadata('design:paramtypes', target) as unknown[] | undefined) ?? [];
  const constructorArguments = metadata?.constructorArguments ?? [];
  const sites: InjectionSite[] = [];
  // Inversify requires metadata for every parameter up to `target.length` (parameters with a
  // default value do not count) and for every index it has recorded.
  const count = Math.max(target.length, constructorArguments.length);
  for (let index = 0; index < count; index += 1) {
    const element = constructorArguments[index];
    const site = `constructor parameter #${index + 1}`;
    if (element === undefined) {
      sites.push({
        site,
        token: undefined,
        optional: false,
        multiple: false,
        designType: designTypes[index],
      });
    } else if (isInjected(element)) {
      sites.push(siteOf(site, element, designTypes[index]));
    }
  }
  for (const [property, element] of metadata?.properties ?? []) {
    if (isInjected(element)) sites.push(siteOf(`property ${String(property)}`, element, undefined));
  }
  return sites;
}

function isInjected(element: RawElementMetadata): boolean {
  return element.kind === SINGLE_INJECTION || element.kind === MULTIPLE_INJECTION;
}

function siteOf(site: string, element: RawElementMetadata, designType: unknown): InjectionSite {
  const value = element.value;
  return {
    site,
    token: LazyServiceIdentifier.is(value) ? value.unwrap() : value,
    optional: element.optional === true,
    multiple: element.kind === MULTIPLE_INJECTION,
    designType,
  };
}
