const REGEX_SPECIAL = /[.+^$()|{}[\]\\/?*]/;

/**
 * A glob as an anchored regular expression over `/`-separated relative paths: `*` and `?` stay within
 * one segment, `**` as a whole segment spans any number of them (including none), `[abc]`/`[!abc]`
 * are character classes, `{a,b}` alternatives (nestable), and `\` escapes. Dotfiles are not special.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let depth = 0;
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index]!;
    if (char === '\\' && index + 1 < glob.length) {
      source += escape(glob[++index]!);
    } else if (char === '*') {
      let end = index;
      while (glob[end + 1] === '*') end++;
      const wholeSegment =
        end > index &&
        (index === 0 || glob[index - 1] === '/') &&
        (end + 1 === glob.length || glob[end + 1] === '/');
      if (wholeSegment && glob[end + 1] === '/') {
        source += '(?:[^/]*/)*';
        end++;
      } else if (wholeSegment) {
        source += '.*';
      } else {
        source += '[^/]*';
      }
      index = end;
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[') {
      const close = glob.indexOf(']', index + 2);
      if (close === -1) {
        source += '\\[';
        continue;
      }
      let body = glob.slice(index + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\//g, '')}]`;
      index = close;
    } else if (char === '{' && hasClosingBrace(glob, index)) {
      depth++;
      source += '(?:';
    } else if (char === ',' && depth > 0) {
      source += '|';
    } else if (char === '}' && depth > 0) {
      depth--;
      source += ')';
    } else {
      source += escape(char);
    }
  }
  return new RegExp(`^${source}$`);
}

/** Whether a path segment holds glob syntax (else it names a directory literally). */
export function hasGlobSyntax(segment: string): boolean {
  return /[*?[\]{}\\]/.test(segment);
}

function escape(char: string): string {
  return REGEX_SPECIAL.test(char) ? `\\${char}` : char;
}

function hasClosingBrace(glob: string, open: number): boolean {
  let depth = 0;
  for (let index = open; index < glob.length; index++) {
    if (glob[index] === '\\') index++;
    else if (glob[index] === '{') depth++;
    else if (glob[index] === '}' && --depth === 0) return true;
  }
  return false;
}
