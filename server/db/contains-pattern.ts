/**
 * The ILIKE pattern for "contains this text": `%`, `_` and `\` typed by a person are literal
 * characters, not wildcards (PostgreSQL's default escape character is `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
