const path = require('node:path');
const { ARGS } = require('./lib/fixture');
const [, , mod, nArg, gcEvery] = process.argv;
(async () => {
  const c = require(path.resolve(mod));
  const inst = await c.setup();
  for (let i = 0; i < 3000; i++) await inst.invoke(ARGS.valid);
  const n = Number(nArg), every = Number(gcEvery || 0);
  for (let i = 0; i < n; i++) { if (every && i % every === 0) global.gc(); await inst.invoke(ARGS.valid); }
  await inst.close?.();
  process.exit(0);
})();
