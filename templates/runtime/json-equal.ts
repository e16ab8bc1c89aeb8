// JSON equality, for `const` and `enum` over objects and arrays and for `uniqueItems`. A module of
// its own: few schemas use it (see validation.ts).

/** Structural equality for `const`, `enum` and `uniqueItems` over JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bRecord && jsonEqual((a as Record<string, unknown>)[key], bRecord[key]))
  );
}

export function hasUniqueItems(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  }
  return true;
}
