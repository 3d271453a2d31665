'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { greet } = require('../src/greet.js');

test('greets someone by name', () => {
  assert.strictEqual(greet('Ada'), 'Hello, Ada!');
});

test('greets the world when no name is given', () => {
  assert.strictEqual(greet(), 'Hello, world!');
});
