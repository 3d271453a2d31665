import { getClassMetadata } from '@inversifyjs/core';
import { inject, injectable, LazyServiceIdentifier, multiInject, optional, unmanaged } from 'inversify';
import { ensureInjectable } from './ensure-injectable';
import { isMarkedInjectable, readInjectionSites } from './inversify-metadata';

// A class decorator that records nothing: it only makes TypeScript emit `design:paramtypes`, as `@Tool` does.
const marked = (): ClassDecorator => () => undefined;

describe('readInjectionSites', () => {
  it('reads what @inversifyjs/core getClassMetadata reads (guards the reflect keys against upgrades)', () => {
    class Workspace {}
    const Clock = Symbol('Clock');
    @marked()
    class ReadFile {
      constructor(
        @inject(Workspace) readonly workspace: Workspace,
        @optional() @inject(Clock) readonly clock: unknown,
      ) {}
    }
    const expected = getClassMetadata(ReadFile).constructorArguments.map((element) => ({
      token: 'value' in element ? element.value : undefined,
      optional: 'optional' in element ? element.optional : undefined,
    }));
    const actual = readInjectionSites(ReadFile).map(({ token, optional }) => ({ token, optional }));
    expect(actual).toEqual(expected);
    expect(actual).toEqual([
      { token: Workspace, optional: false },
      { token: Clock, optional: true },
    ]);
  });

  it('reads plain class-typed parameters once the class is injectable', () => {
    class Workspace {}
    @marked()
    class ReadFile {
      constructor(readonly workspace: Workspace) {}
    }
    expect(readInjectionSites(ReadFile)).toEqual([
      {
        site: 'constructor parameter #1',
        token: undefined,
        optional: false,
        multiple: false,
        designType: Workspace,
      },
    ]);
    ensureInjectable(ReadFile);
    expect(readInjectionSites(ReadFile)).toEqual([
      {
        site: 'constructor parameter #1',
        token: Workspace,
        optional: false,
        multiple: false,
        designType: Workspace,
      },
    ]);
  });

  it('reports an interface-typed parameter as a site without a token', () => {
    interface Clock {
      now(): number;
    }
    @marked()
    class Timer {
      constructor(readonly clock: Clock) {}
    }
    ensureInjectable(Timer);
    expect(readInjectionSites(Timer)).toEqual([
      {
        site: 'constructor parameter #1',
        token: undefined,
        optional: false,
        multiple: false,
        designType: Object,
      },
    ]);
  });

  it('unwraps lazy tokens, reads multi-injections and injected properties, and skips @unmanaged', () => {
    const Plugin = Symbol('Plugin');
    class Later {}
    class Host {
      @inject(Later) readonly later!: Later;
      constructor(
        @inject(new LazyServiceIdentifier(() => Later)) readonly first: Later,
        @multiInject(Plugin) readonly plugins: unknown[],
        @unmanaged() readonly label: string,
      ) {}
    }
    expect(readInjectionSites(Host).map(({ site, token, multiple }) => ({ site, token, multiple }))).toEqual([
      { site: 'constructor parameter #1', token: Later, multiple: false },
      { site: 'constructor parameter #2', token: Plugin, multiple: true },
      { site: 'property later', token: Later, multiple: false },
    ]);
  });
});

describe('ensureInjectable', () => {
  it('marks a class once, however often it is called', () => {
    class Tool {}
    expect(isMarkedInjectable(Tool)).toBe(false);
    ensureInjectable(Tool);
    ensureInjectable(Tool);
    expect(isMarkedInjectable(Tool)).toBe(true);
  });

  it('leaves a class its author marked @injectable() alone (Inversify throws on a second @injectable)', () => {
    @injectable()
    class Tool {}
    expect(isMarkedInjectable(Tool)).toBe(true);
    expect(() => ensureInjectable(Tool)).not.toThrow();
  });

  it('marks a subclass of an injectable class on its own', () => {
    @injectable()
    class Base {}
    class Derived extends Base {}
    expect(isMarkedInjectable(Derived)).toBe(false);
    ensureInjectable(Derived);
    expect(isMarkedInjectable(Derived)).toBe(true);
  });
});

describe('ensureInjectable on a subclass without its own constructor', () => {
  it('takes the base class injections, including plain class-typed ones', () => {
    class Workspace {}
    const Clock = Symbol('Clock');
    @marked()
    class ReadFile {
      @inject(Clock) readonly clock!: unknown;
      constructor(readonly workspace: Workspace) {}
    }
    @marked()
    class CodexReadFile extends ReadFile {}
    ensureInjectable(CodexReadFile);
    expect(readInjectionSites(CodexReadFile).map(({ site, token }) => ({ site, token }))).toEqual([
      { site: 'constructor parameter #1', token: Workspace },
      { site: 'property clock', token: Clock },
    ]);
  });

  it('keeps a subclass with its own constructor to its own parameters', () => {
    class Workspace {}
    @marked()
    class ReadFile {
      constructor(readonly workspace: Workspace) {}
    }
    @marked()
    class FixedReadFile extends ReadFile {
      constructor() {
        super(new Workspace());
      }
    }
    ensureInjectable(FixedReadFile);
    expect(readInjectionSites(FixedReadFile)).toEqual([]);
  });
});
