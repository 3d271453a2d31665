'use strict';
// The floor: JSON.parse + a direct call of the same body. No validation, nothing else. Every
// ×floor figure divides by this, measured in the same run right before the contender.
const { readFileBody } = require('../lib/fixture');

module.exports = {
  packages: [],
  validates: false,
  async setup() {
    return { invoke: (json) => readFileBody(JSON.parse(json)) };
  },
  outcome: (value) => ({ ok: true, value }),
};
