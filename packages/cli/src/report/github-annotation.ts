/** The level of a GitHub Actions workflow command annotation. */
export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** Properties of an annotation: where it points and its title. */
export interface AnnotationProperties {
  readonly title?: string;
  readonly file?: string;
  readonly line?: number;
}

/**
 * One GitHub Actions annotation line (`::error title=…::message`), escaped as the runner requires:
 * `%`, `\r` and `\n` in the message, and also `:` and `,` in property values.
 */
export function githubAnnotation(
  level: AnnotationLevel,
  message: string,
  properties: AnnotationProperties = {},
): string {
  const parts = Object.entries(properties)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${level}${parts.length === 0 ? '' : ` ${parts.join(',')}`}::${escapeData(message)}`;
}

/** Escapes an annotation's message. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes an annotation property value. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
