import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { toResourceValue } from './to-resource-value';
import { describeIssue } from './value-issue';

describe('toResourceValue', () => {
  it('turns plain data into a frozen instance of the class, keeping defaults for absent keys', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    const result = toResourceValue(EditConfig, { skipReadBeforeEdit: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toBeInstanceOf(EditConfig);
    expect(result.value).toEqual({ skipReadBeforeEdit: true, maxLines: 2000 });
    expect(Object.isFrozen(result.value)).toBe(true);
  });

  it('reports a wrong type and an unknown key, each with its path', () => {
    class EditConfig {
      @IsBoolean() skipReadBeforeEdit = false;
      @IsInt() @Min(1) maxLines = 2000;
    }
    const result = toResourceValue(EditConfig, { maxLines: 'ten', typo: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => describeIssue('Params<EditConfig>', issue))).toEqual([
      'Params<EditConfig>.typo is not a property of EditConfig; it declares skipReadBeforeEdit, maxLines',
      'Params<EditConfig>.maxLines must not be less than 1 (got "ten")',
      'Params<EditConfig>.maxLines must be an integer number (got "ten")',
    ]);
  });

  it('reports nested problems with their full path', () => {
    class Limit {
      @IsString() name = '';
      @IsInt() value = 0;
    }
    class Limits {
      @ValidateNested({ each: true }) @Type(() => Limit) items: Limit[] = [];
    }
    const result = toResourceValue(Limits, {
      items: [
        { name: 'a', value: 1 },
        { name: 'b', value: 1.5 },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { path: 'items[1].value', message: 'must be an integer number (got 1.5)' },
    ]);
  });

  it('refuses prototype-reaching keys anywhere, before class-transformer drops them', () => {
    class Config {
      @IsOptional() @IsString() name?: string;
    }
    const result = toResourceValue(
      Config,
      JSON.parse('{"name":"x","nested":{"__proto__":{"polluted":true}}}'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      { path: 'nested.__proto__', message: 'is a forbidden key (it would reach an object prototype)' },
    ]);
  });

  it('refuses a value that is not an object', () => {
    class Config {}
    expect(toResourceValue(Config, [1, 2])).toEqual({
      ok: false,
      issues: [{ path: '', message: 'must be an object (got an array of 2 items)' }],
    });
    expect(toResourceValue(Config, null)).toEqual({
      ok: false,
      issues: [{ path: '', message: 'must be an object (got null)' }],
    });
  });

  it('does not check a class without validators (class-validator would reject each property)', () => {
    class Counter {
      count = 0;
    }
    const result = toResourceValue(Counter, { count: 3 });
    expect(result).toEqual({ ok: true, value: { count: 3 } });
  });
});

describe('toResourceValue with a nested class but no @Type', () => {
  class Limit {
    @IsString() name = '';
    @IsInt() @Min(1) value = 1;
  }

  it('names the missing @Type(() => Limit) for a single nested value', () => {
    class Limits {
      @ValidateNested() limit: Limit = new Limit();
    }
    const result = toResourceValue(Limits, { limit: { name: 'a', value: 0 } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => describeIssue('Params<Limits>', issue))).toEqual([
      'Params<Limits>.limit is a plain object, not a Limit: Limits.limit has @ValidateNested() but no ' +
        '@Type(() => Limit) from class-transformer, so its validators cannot run; add @Type(() => Limit) to Limits.limit',
    ]);
  });

  it('names it for an array of nested values, at any depth, and accepts the value once @Type is there', () => {
    class Inner {
      @ValidateNested({ each: true }) items: Limit[] = [];
    }
    class Outer {
      @ValidateNested() @Type(() => Inner) inner: Inner = new Inner();
    }
    const result = toResourceValue(Outer, { inner: { items: [{ name: 'a', value: 2 }] } });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          path: 'inner.items',
          message:
            'is a plain object, not a class instance: Inner.items has @ValidateNested() but no ' +
            '@Type(() => TheClass) from class-transformer, so its validators cannot run; add @Type(() => TheClass) to Inner.items',
        },
      ],
    });

    class Typed {
      @ValidateNested({ each: true }) @Type(() => Limit) items: Limit[] = [];
    }
    class TypedOuter {
      @ValidateNested() @Type(() => Typed) inner: Typed = new Typed();
    }
    expect(toResourceValue(TypedOuter, { inner: { items: [{ name: 'a', value: 2 }] } }).ok).toBe(true);
    expect(toResourceValue(TypedOuter, { inner: { items: [{ name: 'a', value: 0 }] } })).toEqual({
      ok: false,
      issues: [{ path: 'inner.items[0].value', message: 'must not be less than 1 (got 0)' }],
    });
  });
});
