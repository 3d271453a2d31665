'use strict';
// A jest transformer for the few dependencies published as ES modules only (the AI SDK, `ai` 7, and
// the packages it imports), which jest's CommonJS module system cannot load as they are: their
// `import`/`export` become `require`/`exports`, nothing else changes. Third-party code needs no
// decorator metadata, so a per-file transpile is enough; our own sources go through ts-jest.
const ts = require('typescript');

module.exports = {
  process(source, fileName) {
    const { outputText } = ts.transpileModule(source, {
      fileName,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
      },
    });
    return { code: outputText };
  },
};
