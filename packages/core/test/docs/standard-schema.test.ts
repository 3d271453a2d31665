import 'reflect-metadata';
import { Param, standardSchemaOf } from '../../src';

// The Standard Schema section of docs/frameworks.md: each `#region` is shown on the page (scripts/doc-snippets.js).
describe('docs/frameworks.md: Standard Schema', () => {
  it('gives an args class as Standard Schema and Standard JSON Schema', () => {
    // #region standard-schema
    class ReadFileArgs {
      @Param({ description: 'Path relative to the workspace root', minLength: 1 })
      path!: string;

      @Param({ description: 'First line, 1-based', optional: true, integer: true, minimum: 1 })
      offset?: number;
    }

    const schema = standardSchemaOf(ReadFileArgs, { toolName: 'read_file' });
    // Standard Schema v1: toolwright's decoder, synchronous, the same verdicts as decodeArgs
    const good = schema['~standard'].validate({ path: 'src/a.ts', offset: '2' });
    // good  { value: ReadFileArgs { path: 'src/a.ts', offset: 2 } }
    const bad = schema['~standard'].validate({ path: 'src/a.ts', offset: 'ten' });
    // bad   { issues: [{ path: ['offset'], message: 'expected an integer >= 1, received "ten"' }] }

    // Standard JSON Schema v1: a fresh copy per call, in the dialect asked for
    const forAiSdk = schema['~standard'].jsonSchema.input({ target: 'draft-07' }); // $schema: draft-07
    const forMcp = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' }); // $schema: 2020-12
    const forOpenApi = schema['~standard'].jsonSchema.input({ target: 'openapi-3.0' }); // nullable, no $schema
    // #endregion
    expect(good).toEqual({ value: Object.assign(new ReadFileArgs(), { path: 'src/a.ts', offset: 2 }) });
    expect(bad).toEqual({
      issues: [{ path: ['offset'], message: 'expected an integer >= 1, received "ten"' }],
    });
    expect(forAiSdk['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(forMcp['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(forOpenApi['$schema']).toBeUndefined();
  });
});
