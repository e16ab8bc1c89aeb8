// A rule that can refuse a request carries its source's words (spec/README.md, issues 12 and 23).
// Every request-side rule (`required`, `dependentRequired`, conditional `then` requirements,
// `pattern`, `enum`, `const`, `format`, `minimum`/`maximum`, `minLength`/`maxLength`,
// `minItems`/`maxItems`, `uniqueItems`, `not`, `x-decimal-*`) is either a generous
// `x-safety-cap` (a `maxLength` only) or has, in a YAML comment on the schema or one of its parents,
// a verbatim quote of the interface document or the facts file:
//
//   # Document: "Digits only, at most 10 characters."
//   # Facts: "session default 60 min (`session_expiry` 1–720 min)"
//
// The quote is found in the interface document or the platform facts (the GATEWAY_SOURCES input,
// test/support/outside-inputs.ts) with whitespace normalised (a quote may wrap over comment
// lines, and the facts file wraps its own lines), and it must contain the rule's value: the number,
// every enum member or the const, and every required field name (a oneOf/anyOf branch's `required`
// names one alternative of the union's rule, so there only the quote's presence is checked; a
// digit count, "max 4 digits", also gives `minimum` 0 and `maximum` 9999). A `pattern`, `format`, `not` or
// `uniqueItems` has no word to look for, so its quote need only be found. `x-luhn` is a client
// check (no source states it), and its comment must say so. Rules inside an `if` (a condition,
// which refuses nothing) and discriminator tags (they select a branch) are exempt. The comments
// are read from the source files (parseDocument keeps them on nodes), not from the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import { QUOTED_SOURCES } from '../support/outside-inputs.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SPEC = join(PROJECT_ROOT, 'spec');
const SOURCES = QUOTED_SOURCES;
type SourceName = keyof typeof SOURCES;

/** `Document: "..."` or `Facts: "..."` in a comment; a quote holds no double quote. */
const QUOTE = /\b(Document|Facts): "([^"]+)"/g;
const NUMBER_KEYWORDS = ['maxLength', 'minLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxItems', 'minItems', 'x-decimal-minimum', 'x-decimal-maximum'] as const;
const WORDLESS_KEYWORDS = ['pattern', 'format', 'not', 'uniqueItems'] as const;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** Keywords whose value is a schema, and those whose value is a list or map of schemas. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'then', 'else', 'contains', 'propertyNames', 'contentSchema', 'unevaluatedProperties'];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs'];

export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface Quote {
  readonly source: SourceName;
  readonly text: string;
}

export function quotesIn(comments: string): Quote[] {
  return [...normalise(comments).matchAll(QUOTE)].map((match) => ({ source: match[1] as SourceName, text: normalise(match[2]!) }));
}

/** The value appears in the quote as a whole word (a number also as its English word up to ten). */
export function quoteContains(quote: string, value: unknown): boolean {
  const text = String(value);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`).test(quote)) return true;
  const word = typeof value === 'number' || /^[0-9]+$/.test(text) ? NUMBER_WORDS[Number(text)] : undefined;
  return word !== undefined && new RegExp(`\\b${word}\\b`, 'i').test(quote);
}

/** "max 4 digits" bounds a number: `minimum` 0 and `maximum` 9999 say the same as the digit count. */
export function digitBound(keyword: string, value: unknown, quote: string): boolean {
  const digits = /\b([0-9]+) digits\b/.exec(quote);
  if (!digits) return false;
  if (keyword === 'minimum') return value === 0;
  return keyword === 'maximum' && value === 10 ** Number(digits[1]) - 1;
}

/** One rule of one schema: what it is, the values its quote must hold, and whether it is a client check. */
interface Rule {
  readonly keyword: string;
  readonly values: readonly unknown[];
}

export interface Finding {
  readonly where: string;
  readonly problem: string;
}

type Loaded = { readonly file: string; readonly document: Document; readonly text: string };

function plain(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node ? (node as Node).toJSON() : node;
}

function commentsOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { commentBefore, comment } = node as { commentBefore?: string | null; comment?: string | null };
  return [commentBefore, comment].filter((text): text is string => typeof text === 'string');
}

/** Every comment in a YAML document, for the check that every quote is found. */
function allComments(document: Document): string[] {
  const out: string[] = [...commentsOf(document)];
  const walk = (node: unknown): void => {
    out.push(...commentsOf(node));
    if (isPair(node)) {
      walk(node.key);
      walk(node.value);
    } else if (isMap(node) || isSeq(node)) for (const item of node.items) walk(item);
  };
  walk(document.contents);
  return out;
}

/** The rules one schema node states (before exemptions). */
function rulesOf(node: YAMLMap): Rule[] {
  const rules: Rule[] = [];
  const safetyCap = node.get('x-safety-cap') === true;
  for (const keyword of NUMBER_KEYWORDS) {
    if (!node.has(keyword)) continue;
    if (keyword === 'maxLength' && safetyCap) continue;
    rules.push({ keyword, values: [plain(node.get(keyword, true))] });
  }
  for (const keyword of WORDLESS_KEYWORDS) if (node.has(keyword)) rules.push({ keyword, values: [] });
  if (node.has('enum')) rules.push({ keyword: 'enum', values: plain(node.get('enum', true)) as unknown[] });
  if (node.has('const')) rules.push({ keyword: 'const', values: [plain(node.get('const', true))] });
  if (node.has('required')) rules.push({ keyword: 'required', values: plain(node.get('required', true)) as unknown[] });
  if (node.has('dependentRequired')) {
    for (const [key, names] of Object.entries(plain(node.get('dependentRequired', true)) as Record<string, string[]>)) rules.push({ keyword: 'dependentRequired', values: [key, ...names] });
  }
  if (node.has('x-luhn')) rules.push({ keyword: 'x-luhn', values: [] });
  // The amount's decimals by its currency: a quote must say that amount formats follow the currency exponent.
  if (node.has('x-amount-decimals')) rules.push({ keyword: 'x-amount-decimals', values: ['exponent'] });
  return rules;
}

/** Schema name (file + top-level key) → its node, and the names its `$ref`s reach. */
class SpecFiles {
  readonly files = new Map<string, Loaded>();

  constructor(root: string) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.yaml') || file.startsWith('releases')) continue;
      const path = join(root, file);
      const text = readFileSync(path, 'utf8');
      this.files.set(path, { file: path, document: parseDocument(text), text });
    }
  }

  entry(file: string, name: string): Node | undefined {
    const contents = this.files.get(file)?.document.contents;
    return isMap(contents) ? (contents.get(name, true) as Node | undefined) : undefined;
  }

  /** `file#/Name` keys of every schema a request body or a request parameter reaches. */
  requestSchemas(): Set<string> {
    const reached = new Set<string>();
    const queue: [string, unknown][] = [];
    const follow = (file: string, node: unknown): void => {
      if (isMap(node)) {
        const ref = node.get('$ref');
        if (typeof ref === 'string') {
          const [target, pointer] = ref.split('#/');
          const targetFile = target ? resolve(dirname(file), target) : file;
          const key = `${targetFile}#/${pointer}`;
          if (pointer && !pointer.includes('/') && !reached.has(key)) {
            reached.add(key);
            queue.push([targetFile, this.entry(targetFile, pointer)]);
          }
        }
        for (const item of node.items) follow(file, item.value);
      } else if (isSeq(node)) for (const item of node.items) follow(file, item);
    };
    for (const { file, document } of this.files.values()) {
      const contents = document.contents;
      if (!isMap(contents)) continue;
      for (const method of ['get', 'post', 'put', 'delete', 'patch']) {
        const operation = contents.get(method, true);
        if (!isMap(operation)) continue;
        const content = (operation.getIn(['requestBody', 'content'], true) ?? undefined) as YAMLMap | undefined;
        if (isMap(content)) for (const media of content.items) follow(file, isMap(media.value) ? media.value.get('schema', true) : undefined);
        for (const source of [operation.get('parameters', true), contents.get('parameters', true)]) {
          if (isSeq(source)) for (const parameter of source.items) follow(file, isMap(parameter) ? parameter.get('schema', true) : undefined);
        }
      }
    }
    while (queue.length > 0) {
      const [file, node] = queue.pop()!;
      follow(file, node);
    }
    return reached;
  }

  /** Discriminator property names and their tag values: they select a branch and refuse nothing the union accepts. */
  discriminatorTags(): Map<string, Set<string>> {
    const tags = new Map<string, Set<string>>();
    const walk = (node: unknown): void => {
      if (isMap(node)) {
        const discriminator = node.get('discriminator', true);
        if (isMap(discriminator)) {
          const name = String(discriminator.get('propertyName'));
          const values = tags.get(name) ?? new Set<string>();
          const mapping = discriminator.get('mapping', true);
          if (isMap(mapping)) for (const item of mapping.items) values.add(String(plain(item.key)));
          tags.set(name, values);
        }
        for (const item of node.items) walk(item.value);
      } else if (isSeq(node)) for (const item of node.items) walk(item);
    };
    for (const { document } of this.files.values()) walk(document.contents);
    return tags;
  }
}

/** The sources' text, whitespace normalised. */
export function loadSources(): Record<SourceName, string> {
  return { Document: normalise(readFileSync(SOURCES.Document, 'utf8')), Facts: normalise(readFileSync(SOURCES.Facts, 'utf8')) };
}

export function quoteFound(quote: Quote, sources: Record<SourceName, string>): boolean {
  return sources[quote.source].includes(quote.text);
}

/**
 * Checks the rules of one schema (a top-level entry) and its sub-schemas. `inherited` holds the
 * comments of the entry's key and of the parents walked so far.
 */
export function checkSchema(
  node: unknown,
  where: string,
  inherited: readonly string[],
  context: { readonly sources: Record<SourceName, string>; readonly tags: Map<string, Set<string>>; readonly line: (node: Node) => number },
  owner?: string,
  branch = false,
): Finding[] {
  if (!isMap(node)) return [];
  const findings: Finding[] = [];
  const own = [...commentsOf(node), ...node.items.flatMap((item) => [...commentsOf(item.key), ...(isScalar(item.value) || isSeq(item.value) ? commentsOf(item.value) : [])])];
  const scope = [...inherited, ...own];
  const quotes = quotesIn(scope.join('\n')).filter((quote) => quoteFound(quote, context.sources));
  const at = `${where}:${context.line(node)}`;
  const tagValues = owner ? context.tags.get(owner) : undefined;
  const tagNames = new Set(context.tags.keys());
  for (const rule of rulesOf(node)) {
    let values = rule.values;
    if ((rule.keyword === 'const' || rule.keyword === 'enum') && tagValues && values.every((value) => tagValues.has(String(value)))) continue;
    if (rule.keyword === 'required') values = branch ? [] : values.filter((name) => !tagNames.has(String(name)));
    if (rule.keyword === 'required' && values.length === 0 && !branch) continue;
    if (rule.keyword === 'not' && owner) {
      const excluded = plain((node.get('not', true) as YAMLMap | undefined)?.get?.('enum', true)) as unknown[] | undefined;
      if (tagValues && Array.isArray(excluded) && excluded.every((value) => tagValues.has(String(value)))) continue;
    }
    if (rule.keyword === 'x-luhn') {
      if (!/\bclient check\b/i.test(scope.join('\n'))) findings.push({ where: at, problem: 'x-luhn without a comment calling it a client check' });
      continue;
    }
    if (quotes.length === 0) {
      findings.push({ where: at, problem: `${rule.keyword}${values.length ? ` ${JSON.stringify(values)}` : ''}: no quote of the document or the facts` });
      continue;
    }
    const missing = values.filter((value) => !quotes.some((quote) => quoteContains(quote.text, value) || digitBound(rule.keyword, value, quote.text)));
    if (missing.length > 0) findings.push({ where: at, problem: `${rule.keyword}: no quote contains ${JSON.stringify(missing)}` });
  }
  const childScope = (pairKey: unknown, pairValue: unknown) => [...scope, ...commentsOf(pairKey), ...commentsOf(pairValue)];
  for (const pair of node.items) {
    const key = String(plain(pair.key));
    if (key === 'if') continue; // a condition refuses nothing
    if (key === 'not') continue; // the `not` is the rule; what it holds is its value
    if (SCHEMA_KEYWORDS.includes(key)) findings.push(...checkSchema(pair.value, where, childScope(pair.key, pair.value), context));
    else if (SCHEMA_LIST_KEYWORDS.includes(key) && isSeq(pair.value)) {
      // A oneOf/anyOf branch's `required` names one way to meet the union's rule: its quote must be
      // there, but it need not name every alternative.
      const union = key === 'oneOf' || key === 'anyOf';
      for (const item of pair.value.items) findings.push(...checkSchema(item, where, childScope(pair.key, item), context, undefined, union));
    } else if (SCHEMA_MAP_KEYWORDS.includes(key) && isMap(pair.value)) {
      // A comment above the first property belongs to the map that holds them.
      pair.value.items.forEach((property, index) => {
        const scopeOf = [...childScope(property.key, property.value), ...(index === 0 ? commentsOf(pair.value) : [])];
        findings.push(...checkSchema(property.value, where, scopeOf, context, String(plain(property.key))));
      });
    }
  }
  return findings;
}

function lineOf(text: string): (node: Node) => number {
  return (node) => text.slice(0, node.range?.[0] ?? 0).split('\n').length;
}

describe('every request rule quotes its source or is a safety cap', () => {
  const spec = new SpecFiles(SPEC);
  const sources = loadSources();
  const tags = spec.discriminatorTags();

  it('finds every quote in the spec verbatim in the document or the facts', () => {
    const missing = [...spec.files.values()].flatMap(({ file, document }) =>
      allComments(document)
        .flatMap((comment) => quotesIn(comment))
        .filter((quote) => !quoteFound(quote, sources))
        .map((quote) => `${relative(PROJECT_ROOT, file)}: ${quote.source}: "${quote.text}"`),
    );
    expect(missing).toEqual([]);
  });

  it('finds a quote holding the value of every rule a request can meet', () => {
    const reached = spec.requestSchemas();
    expect(reached.size).toBeGreaterThan(100);
    const findings: Finding[] = [];
    for (const key of [...reached].sort()) {
      const [file, name] = key.split('#/') as [string, string];
      const loaded = spec.files.get(file);
      const contents = loaded?.document.contents;
      if (!loaded || !isMap(contents)) continue;
      const pair = contents.items.find((item) => String(plain(item.key)) === name);
      if (!pair) continue;
      const inherited = [...(contents.items[0] === pair ? commentsOf(loaded.document) : []), ...commentsOf(pair.key)];
      findings.push(...checkSchema(pair.value, relative(PROJECT_ROOT, file), inherited, { sources, tags, line: lineOf(loaded.text) }));
    }
    expect(findings.map((finding) => `${finding.where} ${finding.problem}`)).toEqual([]);
  });

  const context = { sources: { Document: 'Payer phone country code | S2S and Checkout | At most 10 characters. | `card_exp_month` | Two digits. | One of BTC, ETH, USDC, USDT. | number, max 4 digits |', Facts: '' }, tags: new Map([['action', new Set(['SALE'])]]), line: () => 1 };
  const check = (yaml: string) => {
    const document = parseDocument(yaml);
    const pair = (document.contents as YAMLMap).items[0]!;
    return checkSchema(pair.value, 'test.yaml', [...commentsOf(document), ...commentsOf(pair.key)], context);
  };
  it.each([
    ['an unquoted pattern', 'Eci:\n  type: string\n  pattern: ^[0-9]{2}$\n', 1],
    ['a tight maxLength without a quote', 'Name:\n  type: string\n  maxLength: 32\n', 1],
    ['a citation that is not a quote', '# Document, Limits: at most 10.\nCode:\n  type: string\n  maxLength: 10\n', 1],
    ['a quote the source does not hold', '# Document: "At most 10 digits."\nCode:\n  type: string\n  maxLength: 10\n', 1],
    ['a quote without the rule\'s number', '# Document: "At most 10 characters."\nCode:\n  type: string\n  maxLength: 12\n', 1],
    ['a quote with the number', '# Document: "At most 10 characters."\nCode:\n  type: string\n  maxLength: 10\n', 0],
    ['a number written as a word', '# Document: "| `card_exp_month` | Two digits."\nMonth:\n  type: string\n  pattern: ^[0-9]{2}$\n  maxLength: 2\n', 0],
    ['a quote wrapped over comment lines', '# Document: "| `card_exp_month` |\n# Two digits."\nMonth:\n  type: string\n  maxLength: 2\n', 0],
    ['an enum with an unquoted member', '# Document: "One of BTC, ETH, USDC, USDT."\nCoin:\n  type: string\n  enum: [BTC, ETH, DOGE]\n', 1],
    ['an enum all quoted', '# Document: "One of BTC, ETH, USDC, USDT."\nCoin:\n  type: string\n  enum: [BTC, ETH, USDC, USDT]\n', 0],
    ['a required name the quote lacks', '# Document: "| `card_exp_month` | Two digits."\nCard:\n  type: object\n  required: [card_exp_year]\n', 1],
    ['maxItems on a nested property', 'List:\n  type: object\n  properties:\n    items:\n      type: array\n      maxItems: 20\n', 1],
    ['a digit count bounding a number', '# Document: "number, max 4 digits"\nQuantity:\n  type: integer\n  minimum: 0\n  maximum: 9999\n', 0],
    ['a maximum the digit count does not give', '# Document: "number, max 4 digits"\nQuantity:\n  type: integer\n  maximum: 999\n', 1],
    ['a quote on a parent', '# Document: "At most 10 characters."\nPhone:\n  type: object\n  properties:\n    code: {type: string, maxLength: 10}\n', 0],
    ['a safety cap', 'Name:\n  type: string\n  maxLength: 255\n  x-safety-cap: true\n', 0],
    ['a discriminator tag', 'Sale:\n  type: object\n  required: [action]\n  properties:\n    action: {type: string, const: SALE}\n', 0],
    ['a rule inside an if', 'Rule:\n  if:\n    properties:\n      code: {const: X}\n  then:\n    required: [other]\n', 1],
    ['a Luhn check not called a client check', 'Pan:\n  type: string\n  x-luhn: true\n', 1],
    ['a Luhn check called a client check', '# A client check: no network issues such a number.\nPan:\n  type: string\n  x-luhn: true\n', 0],
  ])('%s', (_name, yaml, count) => {
    expect(check(yaml)).toHaveLength(count);
  });
});
