'use strict';
// Runs one measurement in its own `node --expose-gc` process and returns the JSON object it prints
// last on stdout (or { error }). Every contender × mode gets a fresh process: no JIT state, heap or
// module cache is shared between contenders.
const { spawn } = require('node:child_process');

function lastJsonLine(text) {
  const lines = text.split('\n').filter((l) => l.startsWith('{'));
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      return JSON.parse(lines[i]);
    } catch {
      // keep looking
    }
  }
  return null;
}

function tail(text, n = 4) {
  return text.trim().split('\n').slice(-n).join(' | ').slice(0, 600);
}

/** Spawns `node --expose-gc script ...args` (`execPath`: another Node binary); resolves with the parsed result, never rejects. */
function runChild(script, args, { timeoutMs = 180_000, cwd, execPath = process.execPath } = {}) {
  return new Promise((resolve) => {
    const child = spawn(execPath, ['--expose-gc', script, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ error: `spawn failed: ${e.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const parsed = lastJsonLine(out);
      if (parsed && code === 0) return resolve(parsed);
      if (parsed && parsed.error) return resolve(parsed);
      const why =
        signal === 'SIGKILL' ? `killed after ${timeoutMs} ms` : `exit ${code}${signal ? ` ${signal}` : ''}`;
      resolve({ error: `${why}: ${tail(err) || tail(out) || 'no output'}` });
    });
  });
}

/** Prints the worker's single result line (what runChild parses). */
function emit(obj) {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

/** The most telling name of an error: its class when `name` is the generic 'Error'. */
function errorName(e) {
  const cls = e.constructor?.name;
  return e.name === 'Error' && cls && cls !== 'Error' ? cls : e.name;
}

/** Short, one-line, printable form of any result or error, for the behaviour table. */
function describe(x, max = 200) {
  let s;
  if (x instanceof Error) s = `${errorName(x)}: ${x.message}`;
  else if (typeof x === 'string') s = x;
  else {
    try {
      s = JSON.stringify(x, (_k, v) => (v instanceof Error ? `${errorName(v)}: ${v.message}` : v));
    } catch {
      s = String(x);
    }
  }
  s = String(s).replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

module.exports = { runChild, emit, describe };
