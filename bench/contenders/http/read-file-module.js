'use strict';
// The read_file registry as a module for `toolwright serve` (the deployment rows of section 5).
// With TOOLWRIGHT_BENCH_TASK=required the tool runs as an MCP task.
Object.defineProperty(exports, '__esModule', { value: true });
const { core, defineReadFile } = require('../toolwright-tool');
const { handleOf } = require('../toolwright-mcp');

const tw = core();
const { ToolRegistry } = require('@toolwright/registry');
const task = process.env.TOOLWRIGHT_BENCH_TASK;
exports.default = handleOf(ToolRegistry, [defineReadFile(tw, task ? { task } : {}).ReadFile]);
