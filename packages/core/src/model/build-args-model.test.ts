import 'reflect-metadata';
import { IsEmail, IsIn, IsUrl, Matches } from 'class-validator';
import { Param } from '../decorators/param';
import { buildInlineArgsModel, getArgsModel } from './build-args-model';
import { NoArguments } from './no-arguments';
import { ToolDefinitionError } from './tool-definition-error';

describe('getArgsModel', () => {
  it('folds class-validator decorators the same way whatever their order', () => {
    class EmailFirst {
      @Param()
      @IsEmail()
      @IsUrl()
      @Matches(/a/)
      @Matches(/b/)
      @IsIn(['z', 'y', 'x'])
      @IsIn(['x', 'y'])
      contact!: string;
    }
    class UrlFirst {
      @Param()
      @IsIn(['x', 'y'])
      @IsIn(['z', 'y', 'x'])
      @Matches(/b/)
      @Matches(/a/)
      @IsUrl()
      @IsEmail()
      contact!: string;
    }
    const first = getArgsModel(EmailFirst).byName.get('contact')!;
    const second = getArgsModel(UrlFirst).byName.get('contact')!;
    expect(first.type).toEqual(second.type);
    expect(first.type).toEqual({ kind: 'enum', values: ['x', 'y'] });
    expect(first.checks.map((c) => c.name)).toEqual(second.checks.map((c) => c.name));
    expect(first.residualValidators.map((v) => v.constraints)).toEqual(
      second.residualValidators.map((v) => v.constraints),
    );
  });

  it('keeps the first pattern and format in a canonical order, leaving the others to class-validator', () => {
    class Contact {
      @Param()
      @Matches(/b/)
      @IsUrl()
      @Matches(/a/)
      @IsEmail()
      value!: string;
    }
    const property = getArgsModel(Contact).byName.get('value')!;
    expect(property.type).toEqual({ kind: 'string', pattern: 'a', format: 'email' });
    expect(property.residualValidators.map((v) => String(v.constraints?.[0]))).toEqual(['/b/']);
  });

  it('says how to fix a T | null property, which reflection gives as Object', () => {
    class RenameArgs {
      @Param({ nullable: true })
      title!: string | null;
    }
    expect(() => getArgsModel(RenameArgs)).toThrow('@Param({ type: () => String, nullable: true })');
  });
});

describe('getArgsModel(NoArguments)', () => {
  it('is an empty model, not a no_params error', () => {
    const model = getArgsModel(NoArguments);
    expect(model.properties).toEqual([]);
    expect(model.name).toBe('NoArguments');
    expect(getArgsModel(NoArguments)).toBe(model);
  });
});

describe('buildInlineArgsModel', () => {
  it('does not leave a broken nested class in the cache when the inline model fails', () => {
    class Broken {
      @Param()
      value!: string | number;
    }
    const build = () =>
      buildInlineArgsModel('Service', 'run', [
        { index: 0, options: { name: 'broken', type: () => Broken }, designType: Broken },
      ]);
    expect(build).toThrow(ToolDefinitionError);
    expect(build).toThrow('Broken.value: reflection gives Object');
    expect(() => getArgsModel(Broken)).toThrow('Broken.value: reflection gives Object');
  });
});
