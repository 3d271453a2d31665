'use strict';
// The floor over 1,000 argument shapes: JSON.parse + a direct call of tool i's body, the texts and
// bodies of the 1,000-tools row, called in turn. What spreading calls over that many shapes costs
// before any validation: the many-tools rows' share that no decoder can remove.
const { manySuffixes, manyTurns, manyTexts, manyBody } = require('../lib/fixture');

module.exports = {
  packages: [],
  validates: false,
  async setup() {
    const suffixes = manySuffixes();
    const bodies = suffixes.map(manyBody);
    const textsFor = manyTexts(suffixes);
    const turn = manyTurns();
    return {
      invoke: (json) => {
        const index = turn();
        return bodies[index](JSON.parse(textsFor(json)[index]));
      },
    };
  },
  outcome: (value) => ({ ok: true, value }),
};
