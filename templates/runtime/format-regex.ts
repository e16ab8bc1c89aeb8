// JSON Schema format `regex` (ECMA-262): a module of its own, as every format (see validation.ts).

/** ECMA-262 syntax with the `u` flag, as `pattern` is compiled. */
export function formatRegex(value: string): boolean {
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}
