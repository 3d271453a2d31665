// Words too common to tell tools apart ("find a file in the repo" searches for find, file, repo).
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'i',
  'in',
  'is',
  'it',
  'me',
  'my',
  'of',
  'on',
  'or',
  'that',
  'the',
  'this',
  'to',
  'tool',
  'tools',
  'with',
]);

/**
 * The search terms of a text: words split at anything but letters and digits and at camelCase
 * humps (`listIssues`, `list_issues` and `list issues` give the same terms), lower-cased, common
 * words dropped, a plural `s` taken off.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  for (const word of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (word === '' || STOP_WORDS.has(word)) continue;
    terms.push(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return terms;
}
