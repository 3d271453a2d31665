'use strict';
// The naive decorated-class pipeline toolwright must beat: JSON.parse → plainToInstance(Args) →
// await validate(instance) (default options) → the body. The Args class carries class-validator
// decorators, applied as compiled TypeScript applies them (see lib/decorate.js).
require('reflect-metadata');
const { plainToInstance } = require('class-transformer');
const { validate, IsString, MinLength, IsOptional, IsInt, Min, Max } = require('class-validator');
const { decorateProperty } = require('../../lib/decorate');
const { readFileBody } = require('../../lib/fixture');

class ReadFileArgs {}
decorateProperty(ReadFileArgs, 'path', String, [IsString(), MinLength(1)]);
decorateProperty(ReadFileArgs, 'offset', Number, [IsOptional(), IsInt(), Min(1)]);
decorateProperty(ReadFileArgs, 'limit', Number, [IsOptional(), IsInt(), Min(1), Max(10000)]);

const flatten = (errors) =>
  errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`).join('; ');

module.exports = {
  packages: ['class-validator', 'class-transformer', 'reflect-metadata'],
  async setup() {
    return {
      async invoke(json) {
        let plain;
        try {
          plain = JSON.parse(json);
        } catch (e) {
          return { error: `malformed JSON: ${e.message}` };
        }
        const args = plainToInstance(ReadFileArgs, plain);
        const errors = await validate(args);
        if (errors.length > 0) return { error: flatten(errors) };
        return { value: await readFileBody(args) };
      },
    };
  },
  outcome: (r) => (r.error === undefined ? { ok: true, value: r.value } : { ok: false, error: r.error }),
};
