'use strict';
// ajv over 1,000 schemas: the 1,000-tools row's renamed schemas, each compiled once (allErrors),
// called in turn: per call JSON.parse + tool i's validator + its body.
const Ajv = require('ajv');
const { manySuffixes, manyTurns, manyTexts, manyBody, readFileJsonSchema } = require('../../lib/fixture');

module.exports = {
  packages: ['ajv'],
  async setup() {
    const ajv = new Ajv({ allErrors: true });
    const suffixes = manySuffixes();
    const checks = suffixes.map((suffix) => ajv.compile(readFileJsonSchema(suffix)));
    const bodies = suffixes.map(manyBody);
    const textsFor = manyTexts(suffixes);
    const turn = manyTurns();
    return {
      async invoke(json) {
        const index = turn();
        let args;
        try {
          args = JSON.parse(textsFor(json)[index]);
        } catch (e) {
          return { error: `malformed JSON: ${e.message}` };
        }
        const check = checks[index];
        if (!check(args)) return { error: ajv.errorsText(check.errors), details: check.errors };
        return { value: await bodies[index](args) };
      },
    };
  },
  outcome: (r) => (r.error === undefined ? { ok: true, value: r.value } : { ok: false, error: r.error }),
};
