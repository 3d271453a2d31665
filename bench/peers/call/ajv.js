'use strict';
// ajv: the JSON Schema compiled once (allErrors), then per call JSON.parse + validate + the body.
const Ajv = require('ajv');
const { readFileBody, readFileJsonSchema } = require('../../lib/fixture');

module.exports = {
  packages: ['ajv'],
  async setup() {
    const ajv = new Ajv({ allErrors: true });
    const check = ajv.compile(readFileJsonSchema());
    return {
      async invoke(json) {
        let args;
        try {
          args = JSON.parse(json);
        } catch (e) {
          return { error: `malformed JSON: ${e.message}` };
        }
        if (!check(args)) return { error: ajv.errorsText(check.errors), details: check.errors };
        return { value: await readFileBody(args) };
      },
    };
  },
  outcome: (r) => (r.error === undefined ? { ok: true, value: r.value } : { ok: false, error: r.error }),
};
