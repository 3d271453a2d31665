import type { EnumSource } from '../metadata/param-options';

/** The values of an enum source: a list, or a TypeScript enum object without numeric reverse mappings. */
export function enumValues(source: EnumSource): (string | number)[] {
  if (Array.isArray(source)) return [...(source as readonly (string | number)[])];
  const record = source as Readonly<Record<string, string | number>>;
  // A numeric TypeScript enum also maps each number back to its key: { A: 0, '0': 'A' }.
  const isReverseMapping = (key: string): boolean => {
    const value = record[key];
    return typeof value === 'string' && record[value] === Number(key);
  };
  return Object.keys(record)
    .filter((key) => !isReverseMapping(key))
    .map((key) => record[key] as string | number);
}
