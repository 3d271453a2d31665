// How a scanner recognises a model's names, in the two implementations of the accelerator
// (`DecoderImplementation.scannedKeys`): closures, and code generated with `new Function`.

/** How a scanner recognises the names of one model and stores their values into `S`. */
export interface ScannedKeys<S = Record<string, unknown>> {
  /**
   * The index of the name written from `start` (just past a key's opening quote) and followed by
   * the closing quote, or -1. `start` is inside the text and `end` is its length.
   */
  readonly indexAt: (text: string, start: number, end: number) => number;
  /** Stores the value of the name of index `index` (under the name string itself, never a slice). */
  readonly store: (sink: S, index: number, value: unknown) => void;
  /** The length of each name. */
  readonly lengths: readonly number[];
}

/** The names' keys without generated code: a loop over the names, a store into a record. */
export function closureScannedKeys(names: readonly string[]): ScannedKeys {
  return {
    indexAt: (text, start, end) => {
      for (let index = 0; index < names.length; index++) {
        const name = names[index]!;
        const close = start + name.length;
        if (close < end && text.charCodeAt(close) === QUOTE && sameUnits(text, start, name)) return index;
      }
      return -1;
    },
    store: (record, index, value) => {
      record[names[index]!] = value;
    },
    lengths: names.map((name) => name.length),
  };
}

function sameUnits(text: string, start: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if (text.charCodeAt(start + i) !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * The names' keys generated with `new Function`: a `switch` on the key's first code unit comparing
 * the others with constants, and a `switch` on the index storing under constant names (a named
 * store the engine specialises, where a computed one goes through a generic lookup). Behaves
 * exactly as `closureScannedKeys`. Names reach the source only as `JSON.stringify` literals and
 * as code-unit numbers.
 */
export function generateScannedKeys(names: readonly string[]): ScannedKeys {
  const byFirst = new Map<number, number[]>();
  names.forEach((name, index) => {
    // The empty name starts with its closing quote.
    const first = name.length === 0 ? QUOTE : name.charCodeAt(0);
    const indices = byFirst.get(first);
    if (indices === undefined) byFirst.set(first, [index]);
    else indices.push(index);
  });
  const firstCases = [...byFirst].map(([first, indices]) => {
    const tests = indices.map((index) => {
      const name = names[index]!;
      const length = name.length;
      const conditions = [`start + ${length} < end`];
      for (let i = 1; i < length; i++)
        conditions.push(`text.charCodeAt(start + ${i}) === ${name.charCodeAt(i)}`);
      conditions.push(`text.charCodeAt(start + ${length}) === ${QUOTE}`);
      return `if (${conditions.join(' && ')}) return ${index};`;
    });
    return `case ${first}: ${tests.join(' ')} return -1;`;
  });
  const storeCases = names.map(
    (name, index) => `case ${index}: record[${JSON.stringify(name)}] = value; return;`,
  );
  // Parenthesised, the functions are compiled with the source rather than parsed again on first call.
  const source = `
    'use strict';
    return {
      indexAt: (function (text, start, end) {
        switch (text.charCodeAt(start)) {
          ${firstCases.join('\n          ')}
          default: return -1;
        }
      }),
      store: (function (record, index, value) {
        switch (index) {
          ${storeCases.join('\n          ')}
        }
      }),
    };`;
  const generated = (new Function(source) as () => Pick<ScannedKeys, 'indexAt' | 'store'>)();
  return { indexAt: generated.indexAt, store: generated.store, lengths: names.map((name) => name.length) };
}

const QUOTE = 0x22;
