'use strict';
// toolwright deployed as docs/deployment.md describes: nginx in front of 3 `toolwright serve --redis`
// process(es) sharing one Redis, on this machine's cores with the load process.
const { startDeployment } = require('./deployment');

module.exports = {
  packages: ['@toolwright/cli', '@toolwright/redis'],
  start: () => startDeployment({ processes: 3 }),
};
