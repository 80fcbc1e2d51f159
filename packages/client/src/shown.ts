/** A value as messages show it: strings quoted (so `"5"` is told from `5`), the rest as written. */
export const shown = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);
