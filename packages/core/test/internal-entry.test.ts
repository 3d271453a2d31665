import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// `@toolwright/core/internal` is how every sibling package reaches the shared rules; their built
// code and declarations name it, so it must resolve for every consumer setup the packages support.
const CORE = path.resolve(__dirname, '..');
const BUILT = path.join(CORE, 'dist', 'internal', 'index.d.ts');
// A file inside a sibling package: resolution goes through node_modules as a consumer's would.
const FROM = path.resolve(CORE, '..', 'agent', 'src', 'index.ts');

describe('@toolwright/core/internal', () => {
  beforeAll(() => {
    if (!existsSync(BUILT))
      throw new Error(
        `${path.relative(process.cwd(), BUILT)} is missing; build first: npx tsc -b packages/core`,
      );
  });

  it.each([
    ['node10', ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
    ['node16', ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
    ['nodenext', ts.ModuleResolutionKind.NodeNext, ts.ModuleKind.NodeNext],
    ['bundler', ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext],
  ])('resolves to the built declarations under moduleResolution %s', (_label, moduleResolution, module) => {
    const resolved = ts.resolveModuleName(
      '@toolwright/core/internal',
      FROM,
      { moduleResolution, module },
      ts.sys,
    );
    const file = resolved.resolvedModule?.resolvedFileName;
    expect(file === undefined ? undefined : path.relative(CORE, ts.sys.realpath!(file))).toBe(
      path.join('dist', 'internal', 'index.d.ts'),
    );
  });

  it('resolves at run time through the exports map', () => {
    const required = require.resolve('@toolwright/core/internal', { paths: [path.dirname(FROM)] });
    expect(path.relative(CORE, ts.sys.realpath!(required))).toBe(path.join('dist', 'internal', 'index.js'));
    const manifest = JSON.parse(readFileSync(path.join(CORE, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    expect(manifest.exports['./internal']).toEqual({
      types: './dist/internal/index.d.ts',
      default: './dist/internal/index.js',
    });
    expect(manifest.typesVersions['*']?.['internal']).toEqual(['dist/internal/index.d.ts']);
  });
});
