'use strict';

/** A greeting for `name`; without a name, for the world. */
function greet(name) {
  return `Hello, ${name}!`;
}

module.exports = { greet };
