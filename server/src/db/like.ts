/**
 * A `like` pattern for "contains this text, in any case", to compare with a lower-cased column:
 * `%`, `_` and `\` typed by someone are matched as themselves (backslash is like's default escape).
 */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
