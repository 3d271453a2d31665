// Long enough to recognise the value, short enough that an issue list stays readable.
const STRING_PREVIEW_LENGTH = 40;
const BIGINT_PREVIEW_LENGTH = 20;

/**
 * A short description of a received value for the "received …" part of an argument issue:
 * strings quoted and truncated, containers by size, everything else by type. Never throws.
 */
export function describeReceived(value: unknown): string {
  try {
    switch (typeof value) {
      case 'undefined':
        return 'nothing';
      case 'string':
        return describeString(value);
      case 'number':
        return Number.isNaN(value) ? 'NaN' : String(value);
      case 'boolean':
        return String(value);
      case 'bigint': {
        const digits = String(value);
        return digits.length > BIGINT_PREVIEW_LENGTH ? `a ${digits.length}-digit bigint` : `${digits}n`;
      }
      case 'symbol':
        return 'a symbol';
      case 'function':
        return 'a function';
    }
    if (value === null) return 'null';
    if (Array.isArray(value)) {
      if (value.length === 0) return 'an empty array';
      return value.length === 1 ? 'an array of 1 item' : `an array of ${value.length} items`;
    }
    return Object.keys(value as object).length === 0 ? 'an empty object' : 'an object';
  } catch {
    // A Proxy or an exotic object can throw from any inspection.
    return 'an unreadable value';
  }
}

// What JSON.stringify escapes in a string: quotes, backslashes, control characters and (lone)
// surrogates. A string with none of them is just quoted, without JSON.stringify's C++ call.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function describeString(value: string): string {
  if (value.length === 0) return '"" (empty string)';
  if (value.trim().length === 0) return `${JSON.stringify(value)} (only whitespace)`;
  if (value.length <= STRING_PREVIEW_LENGTH) return quoted(value);
  let end = STRING_PREVIEW_LENGTH;
  // Do not cut a surrogate pair in half: the preview would hold a lone surrogate.
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${JSON.stringify(value.slice(0, end) + '…')} (${value.length.toLocaleString('en-US')} characters)`;
}
