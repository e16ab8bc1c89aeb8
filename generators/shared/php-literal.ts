// Data as PHP source: the operation tables, recipes and catalogues the PHP runtime interprets, and
// the arrays the docs' PHP samples pass.
// Deterministic (keys in the order the model gives them) and laid out one entry per line, so a
// changed recipe shows as a small diff.

/** A PHP single-quoted string literal: only `\` and `'` need escaping. */
export function phpString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** PHP source placed as written where a literal would go (`getenv('SESSION_TOKEN')`). */
export class PhpCode {
  constructor(readonly text: string) {}
}

const isList = (value: object): value is readonly unknown[] => Array.isArray(value);

/** A JSON-like value as a PHP literal (arrays for objects and lists), indented by `indent`. */
export function phpLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'object') throw new Error(`No PHP literal for ${typeof value}`);
  if (value instanceof PhpCode) return value.text;
  const inner = `${indent}    `;
  if (isList(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => phpLiteral(item, inner));
    const oneLine = `[${items.join(', ')}]`;
    if (oneLine.length <= 100 && !oneLine.includes('\n')) return oneLine;
    return `[\n${items.map((item) => `${inner}${item},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value).filter(([, child]) => child !== undefined);
  if (entries.length === 0) return '[]';
  return `[\n${entries.map(([key, child]) => `${inner}${phpString(key)} => ${phpLiteral(child, inner)},\n`).join('')}${indent}]`;
}
