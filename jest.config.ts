import type { Config } from 'jest';

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
  transform: {
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
