import type { Config } from 'jest';

// Dependencies published as ES modules only (`ai` 7 and its own imports; zod for the one file
// `@ai-sdk/provider-utils` imports by path, `zod/v4/locales/en.js`, which has no CommonJS twin).
const ESM_ONLY = ['ai', '@ai-sdk', '@workflow', 'zod'];

// One jest run over every workspace. Cross-package imports resolve to `src` (not `dist`), matching
// the `paths` entries of tsconfig.jest.json, so a test never runs against a stale build.
// ts-jest runs type-aware (no isolatedModules): only the full compiler emits correct `design:type`.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/examples'],
  testMatch: ['**/?(*.)test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleNameMapper: {
    '^@toolwright/example-([^/]+)$': '<rootDir>/examples/$1/src',
    '^@toolwright/([^/]+)$': '<rootDir>/packages/$1/src',
    '^@toolwright/([^/]+)/(.+)$': '<rootDir>/packages/$1/src/$2',
  },
  // The AI SDK (`ai` 7) and what it imports ship ES modules only: those are transpiled to CommonJS.
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  transform: {
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: '<rootDir>/scripts/jest-esm-to-cjs.js',
    // 151002: ts-jest notes that node16 module kind is "hybrid"; we need node16 resolution for
    // package `exports` (the MCP SDK's subpaths), and emit CommonJS either way.
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: { ignoreCodes: [151002] } },
    ],
  },
  testTimeout: 20000,
};

export default config;
