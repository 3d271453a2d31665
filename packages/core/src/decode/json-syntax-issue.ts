import { invalidArgumentsError, type ArgumentIssue } from './tool-error-adapter';

const BLANK = /^\s*$/;

/**
 * R2 (docs/reliability.md) for argument text: strict `JSON.parse`, empty or whitespace-only text meaning
 * `{}`, or the `invalid_arguments` ToolError of text that is not JSON (JSON.parse never makes one,
 * so `instanceof ToolError` tells the two apart).
 */
export function parseJsonArguments(text: string, toolName: string | undefined): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const issue = jsonSyntaxIssue(text, error);
    return issue === undefined ? {} : invalidArgumentsError([issue], 0, toolName);
  }
}

/**
 * Why `JSON.parse(text)` threw, as an issue on the arguments as a whole, with a hint (a fence, a
 * trailing comma, single quotes, …): R2 (docs/reliability.md) refuses rather than repairs. `undefined` for
 * empty or whitespace-only text, which means `{}`.
 */
export function jsonSyntaxIssue(text: string, error: unknown): ArgumentIssue | undefined {
  return BLANK.test(text) ? undefined : syntaxIssue(text, error);
}

function syntaxIssue(text: string, error: unknown): ArgumentIssue {
  const reason = error instanceof Error ? error.message : '';
  const position = positionOf(text, reason);
  const where = position === undefined ? '' : ` at ${lineAndColumn(text, position)}`;
  return {
    path: '',
    expected: 'a JSON object',
    received: `invalid JSON${where}`,
    message: hintFor(text, reason, position),
  };
}

/**
 * Where JSON.parse failed. V8 says "at position N" for most errors; for "Unexpected token 'x', …"
 * it names only the token, whose first occurrence outside strings is where parsing stopped.
 */
function positionOf(text: string, reason: string): number | undefined {
  const at = /at position (\d+)/.exec(reason);
  if (at) return Number(at[1]);
  const token = /^Unexpected token '(.)'/su.exec(reason)?.[1];
  return token === undefined ? undefined : firstOutsideStrings(text, token);
}

function firstOutsideStrings(text: string, token: string): number | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === token) {
      return i;
    } else if (char === '"') {
      inString = true;
    }
  }
  return undefined;
}

function lineAndColumn(text: string, position: number): string {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return `line ${line}, column ${position - lineStart + 1}`;
}

function hintFor(text: string, reason: string, position: number | undefined): string {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('```'))
    return 'found a markdown code fence; send the bare JSON object, without ``` fences';
  if (
    /^[[{]/.test(trimmed) === false &&
    /^[A-Za-z_$]/.test(trimmed) &&
    !/^(true|false|null)\b/.test(trimmed)
  ) {
    return 'the arguments must be a JSON object, like {"name": "value"}';
  }
  if (position !== undefined && position >= text.trimEnd().length) {
    return 'the JSON text ends too early (cut off?); send the complete object';
  }
  if (position !== undefined) {
    const at = text[position];
    const before = previousSignificant(text, position);
    if ((at === '}' || at === ']') && before === ',')
      return `found a trailing comma before "${at}"; remove it`;
    if (at === "'") return 'strings and property names need double quotes ("), not single quotes';
    if (at === '/') return 'JSON has no comments; remove them';
    if (at !== undefined && /[A-Za-z_$]/.test(at) && (before === '{' || before === ',')) {
      return 'property names need double quotes, like {"name": 1}';
    }
  }
  const word = firstBareWord(text);
  if (word === 'NaN' || word === 'Infinity' || word === 'undefined') {
    return 'NaN, Infinity and undefined are not JSON; send a number, or null, or leave the property out';
  }
  if (word === 'True' || word === 'False' || word === 'None')
    return 'use the JSON literals true, false and null';
  if (/^Unexpected non-whitespace character after JSON/.test(reason)) {
    return 'found more text after the JSON value; send exactly one JSON object';
  }
  if (/Unterminated string|Unexpected end of JSON input/.test(reason)) {
    return 'the JSON text ends too early (cut off?); send the complete object';
  }
  if (/Bad control character/.test(reason))
    return 'line breaks and tabs inside strings must be escaped as \\n and \\t';
  if (/Bad (Unicode )?escape/.test(reason))
    return 'a string holds an invalid escape; use \\n, \\", \\\\ or \\uXXXX';
  return 'send one JSON object, with double-quoted property names and no trailing commas';
}

function previousSignificant(text: string, position: number): string | undefined {
  for (let i = position - 1; i >= 0; i--) {
    const char = text[i]!;
    if (char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') return char;
  }
  return undefined;
}

/** The first word outside strings that is not a JSON literal (`NaN`, `None`, an unquoted key). */
function firstBareWord(text: string): string | undefined {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \\ */) i++;
      else if (char === 0x22) inString = false;
      continue;
    }
    if (char === 0x22) {
      inString = true;
      continue;
    }
    if (isWordStart(char)) {
      let end = i + 1;
      while (end < text.length && isWordStart(text.charCodeAt(end))) end++;
      const word = text.slice(i, end);
      if (word !== 'true' && word !== 'false' && word !== 'null' && !/^e$/i.test(word)) return word;
      i = end - 1;
    }
  }
  return undefined;
}

function isWordStart(char: number): boolean {
  return (char >= 0x41 && char <= 0x5a) || (char >= 0x61 && char <= 0x7a) || char === 0x5f || char === 0x24;
}
