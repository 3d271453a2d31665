import type { Config } from 'jest';
import base from './jest.config';

// The suite compiled with `useDefineForClassFields: true` (TypeScript's default for ES2022 and
// later, and what `tsc --init` projects get) instead of the repository's `false`: toolwright must
// behave the same under both (docs/getting-started.md). Run by .ci/steps/56-define-fields.sh.
const config: Config = {
  ...base,
  transform: {
    // The base's other transforms (ES-module-only dependencies) stay; only TypeScript's changes.
    ...base.transform,
    '^.+\\.ts$': [
      'ts-jest',
      { tsconfig: '<rootDir>/tsconfig.jest.define-fields.json', diagnostics: { ignoreCodes: [151002] } },
    ],
  },
};

export default config;
