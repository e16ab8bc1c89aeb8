// What the quote test (test/sources/bounds-sourced.test.ts) checks, apart from reading the
// sources: the rules a spec schema states, the quotes in the YAML comments that back them, and
// whether each quote says what its rule does (spec/README.md, "A rule that can refuse a request
// quotes its source"). The comments are read from the source files (parseDocument keeps them on
// nodes), not from the bundle. Only the `sources` group reads the outside sources this checks
// against; this module takes their text as an argument.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';

export type SourceName = 'Document' | 'Facts';
export type Sources = Readonly<Record<SourceName, SourceText>>;

/** `Document: "..."` or `Facts: "..."` in a comment; a quote holds no double quote. */
const QUOTE = /\b(Document|Facts): "([^"]+)"/g;
const NUMBER_KEYWORDS = ['maxLength', 'minLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxItems', 'minItems', 'x-decimal-minimum', 'x-decimal-maximum'] as const;
// `x-amount-decimals`: an amount's decimals by its currency; its quote names decimals (or an exponent).
const SHAPE_KEYWORDS = ['pattern', 'format', 'x-luhn', 'x-amount-decimals'] as const;
const PRESENCE_KEYWORDS = ['not', 'uniqueItems'] as const;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** Keywords whose value is a schema, and those whose value is a list or map of schemas. */
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'then', 'else', 'contains', 'propertyNames', 'contentSchema', 'unevaluatedProperties'];
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs'];

/**
 * The words that say what a rule does, by kind: a requirement needs a word of need (a table's
 * need column says `yes`), a pattern or format one that names a shape or a standard, a field that
 * must be absent one that forbids it. An enum, a const or a bound needs its values instead.
 */
export const RULE_WORDS = {
  need: /\b(yes|required|requires?|mandatory|must(?! not| be omitted)|every|always|identified by|identifies)\b/i,
  shape: /\b(digits?|numeric|numbers?|double|spaces|JSON|letters?|alphabetic|alpha-2|alphanumeric|characters?|URLs?|URI|e-mail|email|UUID|IP|IPv4|IPv6|date|datetime|decimals?|Base64|hex|hexadecimal|mask|masked|ISO|RFC|N[0-9]+(\.N[0-9]+)?)\b|MM\/YYYY|YYYY-MM-DD/i,
  forbid: /\b(omitted|not accepted|rejected|must not|not allowed|forbidden|never|instead of)\b/i,
} as const;

export type RuleKind = 'need' | 'value' | 'number' | 'shape' | 'forbid' | 'present';

/** One rule of one schema: its keyword, what it asks of its quote, and the values the quote must hold. */
export interface Rule {
  readonly keyword: string;
  readonly kind: RuleKind;
  readonly values: readonly unknown[];
}

export interface Finding {
  /** `file:line`, for the reader. */
  readonly where: string;
  /** `file#/Schema/pointer`, stable under edits elsewhere in the file: what an exception names. */
  readonly at: string;
  readonly keyword: string;
  readonly problem: string;
}

export const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim();

export interface Quote {
  readonly source: SourceName;
  readonly text: string;
}

export function quotesIn(comments: string): Quote[] {
  return [...normalise(comments).matchAll(QUOTE)].map((match) => ({ source: match[1] as SourceName, text: normalise(match[2]!) }));
}

export function quoteFound(quote: Quote, sources: Sources): boolean {
  return sources[quote.source].includes(quote.text);
}

/** One row of a Markdown table: its cells, and the header cells of its table. */
export interface TableRow {
  readonly header: readonly string[];
  readonly cells: readonly string[];
}

/** The cells of a Markdown table line; a pipe inside backticks is text. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (const char of line.trim().replace(/^\|/, '').replace(/\|$/, '')) {
    if (char === '`') code = !code;
    if (char === '|' && !code) {
      cells.push(normalise(cell));
      cell = '';
    } else cell += char;
  }
  return [...cells, normalise(cell)];
}

const SEPARATOR = /^\|[-| :]+\|$/;

/** A source's text, whitespace normalised, and its table rows (a quote of a row is read with its table's header). */
export class SourceText {
  readonly text: string;
  private readonly lines: readonly string[];

  constructor(raw: string) {
    this.text = normalise(raw);
    this.lines = raw.split('\n');
  }

  includes(quote: string): boolean {
    return this.text.includes(quote);
  }

  /** The table rows whose line holds the quote. */
  rowsOf(quote: string): TableRow[] {
    const rows: TableRow[] = [];
    this.lines.forEach((line, index) => {
      if (!line.startsWith('|') || SEPARATOR.test(line) || !normalise(line).includes(quote)) return;
      let header = index;
      while (header > 0 && !SEPARATOR.test(this.lines[header + 1] ?? '')) header--;
      if (header === index) return;
      rows.push({ header: cellsOf(this.lines[header]!), cells: cellsOf(line) });
    });
    return rows;
  }
}

/** A table column that says whether a field is needed: its cell is the need (`yes`, a protocol) or lists needed fields. */
const NEED_COLUMN = /^(required|need)$/i;
const NEEDED = /^(yes\b|(S2S )?(CARD|APM)$)/i;
/** A column that lists needed fields by its header (`Extra required fields`), or the fields of a body or a shape. */
const LISTS_NEEDED = /\brequired\b/i;
const BODY_COLUMN = /^(payload shape shown|payload|request|fields|key|type or contents)$/i;

/** Whether a backticked span of the text names `name` (`` `order.amount` `` names `amount`): prose words are not field names. */
export function namedIn(text: string, name: string): boolean {
  return [...text.matchAll(/`([^`]+)`/g)].some((span) => quoteContains(span[1]!, name));
}

/** Whether `name` in a cell that lists fields is marked optional there (`optional \`a\` and \`b\``, `a?`, "also accepts"). */
function markedOptional(cell: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(?<![A-Za-z0-9_])${escaped}\\?`).test(cell)) return true;
  return cell.split(/\.\s/).some((sentence) => {
    if (!quoteContains(sentence, name)) return false;
    if (/\baccepts\b/i.test(sentence)) return true;
    const optional = sentence.search(/\boptional\b/i);
    if (optional < 0) return false;
    const after = sentence.slice(optional);
    const at = after.search(new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`));
    return at >= 0 && !after.slice(0, at).includes(',');
  });
}

/**
 * Whether the row of a table says `name` is needed: its need column says `yes` (or names the
 * protocol that needs it), or the name is in a column that lists needed fields, or the fields of
 * a body or a shape, without being marked optional there.
 */
export function rowNeeds(row: TableRow, name: string): boolean {
  const needColumn = row.header.findIndex((cell) => NEED_COLUMN.test(cell));
  const named = row.cells.findIndex((cell) => namedIn(cell, name));
  if (named < 0) return false;
  if (needColumn >= 0 && NEEDED.test(row.cells[needColumn] ?? '')) return true;
  const column = row.header[named] ?? '';
  return (LISTS_NEEDED.test(column) || BODY_COLUMN.test(column)) && !markedOptional(row.cells[named]!, name);
}

/**
 * What says `name` is needed among the quotes: a quote naming it with a word of need, a quoted
 * table row that needs it, a quote naming it in a list that marks the optional members, or a
 * sentence of need that names its fields in words ("Payer e-mail required."). A container
 * (`parameters`, named as `parameters[...]`) is needed when a quote needs something.
 */
export function quotesNeed(name: string, quotes: readonly Quote[], sources: Sources): boolean {
  const backticked = /`[^`]+`/;
  return quotes.some((quote) => {
    const names = namedIn(quote.text, name);
    const need = RULE_WORDS.need.test(quote.text);
    if (names && need) return true;
    if (need && !backticked.test(quote.text)) return true;
    if (names && sources[quote.source].rowsOf(quote.text).some((row) => rowNeeds(row, name))) return true;
    // A list in prose that marks its optional members (`optional \`size\``, `schedule_id?`); a table
    // row says it in its need column instead.
    if (names && !quote.text.includes('|') && /\boptional\b|\?/.test(quote.text) && !markedOptional(quote.text, name)) return true;
    return new RegExp(`(?<![A-Za-z0-9_])${name}[[.]`).test(quote.text) && quotes.some((other) => RULE_WORDS.need.test(other.text));
  });
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

function plain(node: unknown): unknown {
  return node && typeof node === 'object' && 'toJSON' in node ? (node as Node).toJSON() : node;
}

export function commentsOf(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { commentBefore, comment } = node as { commentBefore?: string | null; comment?: string | null };
  return [commentBefore, comment].filter((text): text is string => typeof text === 'string');
}

/** Every comment in a YAML document, for the check that every quote is found. */
export function allComments(document: Document): string[] {
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

/** The rules one schema node states (before exemptions): its keywords, and its properties that must be absent. */
export function rulesOf(node: YAMLMap): Rule[] {
  const rules: Rule[] = [];
  const safetyCap = node.get('x-safety-cap') === true;
  for (const keyword of NUMBER_KEYWORDS) {
    if (!node.has(keyword)) continue;
    if (keyword === 'maxLength' && safetyCap) continue;
    rules.push({ keyword, kind: 'number', values: [plain(node.get(keyword, true))] });
  }
  for (const keyword of SHAPE_KEYWORDS) if (node.has(keyword)) rules.push({ keyword, kind: 'shape', values: [] });
  for (const keyword of PRESENCE_KEYWORDS) if (node.has(keyword)) rules.push({ keyword, kind: 'present', values: [] });
  if (node.has('enum')) rules.push({ keyword: 'enum', kind: 'value', values: plain(node.get('enum', true)) as unknown[] });
  if (node.has('const')) rules.push({ keyword: 'const', kind: 'value', values: [plain(node.get('const', true))] });
  if (node.has('required')) rules.push({ keyword: 'required', kind: 'need', values: plain(node.get('required', true)) as unknown[] });
  if (node.has('dependentRequired')) {
    for (const [key, names] of Object.entries(plain(node.get('dependentRequired', true)) as Record<string, string[]>)) rules.push({ keyword: 'dependentRequired', kind: 'need', values: [key, ...names] });
  }
  return rules;
}

/** The names a branch of a union requires and those it forbids (`name: false`), at its own level. */
export interface BranchShape {
  readonly required: ReadonlySet<string>;
  readonly forbidden: ReadonlySet<string>;
}

export function branchShapeOf(node: unknown): BranchShape {
  if (!isMap(node)) return { required: new Set(), forbidden: new Set() };
  const required = new Set((plain(node.get('required', true)) as string[] | undefined) ?? []);
  const properties = node.get('properties', true);
  const forbidden = new Set(isMap(properties) ? properties.items.filter((item) => isScalar(item.value) && item.value.value === false).map((item) => String(plain(item.key))) : []);
  return { required, forbidden };
}

/**
 * A property a oneOf branch forbids is what tells it from a sibling that requires the property:
 * without it both would match and the union would refuse the value. It refuses nothing of its own
 * when the sibling does not forbid, in turn, something this branch requires: only one of the two
 * needs to exclude the other. When both exclude each other, the union refuses what both would
 * accept, and that refusal needs its quote.
 */
export function separatesBranches(name: string, own: BranchShape, siblings: readonly BranchShape[]): boolean {
  return siblings.some((sibling) => sibling.required.has(name) && ![...own.required].some((required) => sibling.forbidden.has(required)));
}

export interface CheckContext {
  readonly sources: Sources;
  /** Discriminator property names and their tag values: they select a branch and refuse nothing the union accepts. */
  readonly tags: ReadonlyMap<string, ReadonlySet<string>>;
  readonly line: (node: Node) => number;
  /** Whether a property's schema (a `$ref` resolved from the file it is written in) requires fields of its own. */
  readonly holdsRequired?: (file: string, property: unknown) => boolean;
  /** A top-level schema that is a `$ref` branch of a oneOf or anyOf, by its pointer (`file#/Name`): the shapes of its oneOf siblings. */
  readonly branchOf?: (pointer: string) => { readonly siblings: readonly BranchShape[] } | undefined;
}

/** Where a schema sits, for findings: the file (relative), the line reader, the pointer. */
export interface Place {
  readonly file: string;
  readonly pointer: string;
}

const CLIENT_CHECK = /\bclient check\b/i;

/**
 * Checks the rules of one schema (a top-level entry) and its sub-schemas. `inherited` holds the
 * comments of the entry's key and of the parents walked so far. `branch` is set on an inline
 * oneOf/anyOf branch: its `required` names one way to meet the union's rule, so it need not
 * hold every alternative's name; `siblings` holds the other branches of a oneOf.
 */
export function checkSchema(
  node: unknown,
  place: Place,
  inherited: readonly string[],
  context: CheckContext,
  owner?: string,
  branch: 'inline' | 'ref' | undefined = context.branchOf?.(place.pointer) ? 'ref' : undefined,
  siblings: readonly BranchShape[] | undefined = context.branchOf?.(place.pointer)?.siblings,
): Finding[] {
  if (!isMap(node)) return [];
  const findings: Finding[] = [];
  const own = [...commentsOf(node), ...node.items.flatMap((item) => [...commentsOf(item.key), ...(isScalar(item.value) || isSeq(item.value) ? commentsOf(item.value) : [])])];
  const scope = [...inherited, ...own];
  const quotes = quotesIn(scope.join('\n')).filter((quote) => quoteFound(quote, context.sources));
  const where = `${place.file}:${context.line(node)}`;
  const report = (keyword: string, problem: string, at = place.pointer) => findings.push({ where, at, keyword, problem });
  const tagValues = owner ? context.tags.get(owner) : undefined;
  const tagNames = new Set(context.tags.keys());
  const shape = branchShapeOf(node);
  const rules = rulesOf(node);
  // A property that must be absent is a rule of the object; its quote may stand above the property.
  const forbidScope = new Map<string, readonly string[]>();
  const properties = node.get('properties', true);
  if (isMap(properties)) {
    properties.items.forEach((item, index) => {
      const name = String(plain(item.key));
      if (shape.forbidden.has(name)) forbidScope.set(name, [...commentsOf(item.key), ...commentsOf(item.value), ...(index === 0 ? commentsOf(properties) : [])]);
    });
  }
  for (const name of shape.forbidden) {
    if (siblings && separatesBranches(name, shape, siblings)) continue;
    rules.push({ keyword: 'false', kind: 'forbid', values: [name] });
  }
  if (node.has('x-warning') && !CLIENT_CHECK.test(scope.join('\n'))) report('x-warning', 'x-warning without a comment saying why it is a client check');
  for (const rule of rules) {
    let values = rule.values;
    if ((rule.keyword === 'const' || rule.keyword === 'enum') && tagValues && values.every((value) => tagValues.has(String(value)))) continue;
    if (rule.keyword === 'required') {
      // An inline branch's `required` names one way to meet the union's rule: only its quote is needed.
      values = branch === 'inline' ? [] : values.filter((name) => !tagNames.has(String(name)));
      if (values.length === 0 && branch !== 'inline') continue;
    }
    if (rule.keyword === 'not' && owner) {
      const excluded = plain((node.get('not', true) as YAMLMap | undefined)?.get?.('enum', true)) as unknown[] | undefined;
      if (tagValues && Array.isArray(excluded) && excluded.every((value) => tagValues.has(String(value)))) continue;
    }
    const label = `${rule.keyword}${rule.kind === 'forbid' ? ` ${String(values[0])}` : ''}`;
    const at = rule.kind === 'forbid' ? `${place.pointer}/properties/${String(values[0])}` : place.pointer;
    const ruleQuotes = rule.kind === 'forbid' ? [...quotes, ...quotesIn((forbidScope.get(String(values[0])) ?? []).join('\n')).filter((quote) => quoteFound(quote, context.sources))] : quotes;
    if (ruleQuotes.length === 0) {
      report(rule.keyword, `${label}${values.length && rule.kind !== 'forbid' ? ` ${JSON.stringify(values)}` : ''}: no quote of the document or the facts`, at);
      continue;
    }
    // A union branch's `required` names one way to meet the union's need: its names are quoted, the
    // need is the union's. A required object that requires fields of its own (`parameters` of a
    // method with required parameters) is needed for them: their need is checked where they are.
    const containers = rule.keyword === 'required' && isMap(properties) ? values.filter((name) => context.holdsRequired?.(place.file, properties.get(String(name), true)) === true) : [];
    const problem = ruleProblem(branch && rule.keyword === 'required' ? { ...rule, kind: 'value' } : rule, values, ruleQuotes, context.sources, new Set(containers));
    if (problem) report(rule.keyword, `${label}: ${problem}`, at);
  }
  const childScope = (pairKey: unknown, pairValue: unknown) => [...scope, ...commentsOf(pairKey), ...commentsOf(pairValue)];
  for (const pair of node.items) {
    const key = String(plain(pair.key));
    const pointer = `${place.pointer}/${key}`;
    if (key === 'if') continue; // a condition refuses nothing
    if (key === 'not') continue; // the `not` is the rule; what it holds is its value
    if (key === 'x-warning') continue; // a warning refuses nothing
    if (SCHEMA_KEYWORDS.includes(key)) findings.push(...checkSchema(pair.value, { ...place, pointer }, childScope(pair.key, pair.value), context, undefined, undefined, undefined));
    else if (SCHEMA_LIST_KEYWORDS.includes(key) && isSeq(pair.value)) {
      // A oneOf/anyOf branch's `required` names one way to meet the union's rule: its quote must be
      // there, but it need not name every alternative.
      const union = key === 'oneOf' || key === 'anyOf';
      const shapes = key === 'oneOf' ? pair.value.items.map((item) => branchShapeOf(item)) : undefined;
      pair.value.items.forEach((item, index) => {
        const others = shapes?.filter((_, other) => other !== index);
        findings.push(...checkSchema(item, { ...place, pointer: `${pointer}/${index}` }, childScope(pair.key, item), context, undefined, union ? 'inline' : undefined, others));
      });
    } else if (SCHEMA_MAP_KEYWORDS.includes(key) && isMap(pair.value)) {
      // A comment above the first property belongs to the map that holds them.
      pair.value.items.forEach((property, index) => {
        const name = String(plain(property.key));
        const scopeOf = [...childScope(property.key, property.value), ...(index === 0 ? commentsOf(pair.value) : [])];
        findings.push(...checkSchema(property.value, { ...place, pointer: `${pointer}/${name}` }, scopeOf, context, name, undefined, undefined));
      });
    }
  }
  return findings;
}

/** What a rule's quotes lack, or undefined when one of them states the rule. */
function ruleProblem(rule: Rule, values: readonly unknown[], quotes: readonly Quote[], sources: Sources, containers: ReadonlySet<unknown> = new Set()): string | undefined {
  switch (rule.kind) {
    case 'need': {
      const missing = values.filter((value) => !quotes.some((quote) => quoteContains(quote.text, value)));
      if (missing.length > 0) return `no quote contains ${JSON.stringify(missing)}`;
      // A `dependentRequired` key is the condition; what it needs are the names after it.
      const needed = (rule.keyword === 'dependentRequired' ? values.slice(1) : values).filter((value) => !containers.has(value));
      const unneeded = needed.filter((value) => !quotesNeed(String(value), quotes, sources));
      return unneeded.length > 0 ? `no quote says ${JSON.stringify(unneeded)} ${unneeded.length === 1 ? 'is' : 'are'} needed (a need word such as yes, required, must, mandatory; a need column; a body listing it)` : undefined;
    }
    case 'value':
    case 'number': {
      const missing = values.filter((value) => !quotes.some((quote) => quoteContains(quote.text, value) || digitBound(rule.keyword, value, quote.text)));
      return missing.length > 0 ? `no quote contains ${JSON.stringify(missing)}` : undefined;
    }
    case 'shape':
      return quotes.some((quote) => RULE_WORDS.shape.test(quote.text)) ? undefined : 'no quote names the shape (digits, letters, length, URL, e-mail, ISO code) or a standard';
    case 'forbid':
      return quotes.some((quote) => RULE_WORDS.forbid.test(quote.text)) ? undefined : 'no quote forbids it (omitted, not accepted, rejected, must not, not allowed)';
    case 'present':
      return undefined;
  }
}

type Loaded = { readonly file: string; readonly document: Document; readonly text: string };

/** The spec's YAML files (without the release bundles), with what the checker needs to walk them. */
export class SpecFiles {
  readonly files = new Map<string, Loaded>();

  constructor(readonly root: string) {
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

  /** `file#/Name` of a `$ref` written in `file`, when it names a top-level entry. */
  private target(file: string, node: unknown): string | undefined {
    const ref = isMap(node) ? node.get('$ref') : undefined;
    if (typeof ref !== 'string') return undefined;
    const [target, pointer] = ref.split('#/');
    if (!pointer || pointer.includes('/')) return undefined;
    return `${target ? resolve(dirname(file), target) : file}#/${pointer}`;
  }

  /** Whether `node` (written in `file`), or the entry its `$ref` names, has a non-empty `required`. */
  holdsRequired(file: string, node: unknown): boolean {
    const requires = (schema: unknown) => {
      const required = isMap(schema) ? plain(schema.get('required', true)) : undefined;
      return Array.isArray(required) && required.length > 0;
    };
    const key = this.target(file, node);
    const [targetFile, name] = key ? (key.split('#/') as [string, string]) : [];
    return requires(node) || (targetFile !== undefined && name !== undefined && requires(this.entry(targetFile, name)));
  }

  /** `file#/Name` keys of every schema a request body or a request parameter reaches. */
  requestSchemas(): Set<string> {
    const reached = new Set<string>();
    const queue: [string, unknown][] = [];
    const follow = (file: string, node: unknown): void => {
      if (isMap(node)) {
        const key = this.target(file, node);
        if (key && !reached.has(key)) {
          reached.add(key);
          const [targetFile, name] = key.split('#/') as [string, string];
          queue.push([targetFile, this.entry(targetFile, name)]);
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

  /**
   * Each top-level entry that is a `$ref` branch of a oneOf or anyOf, by `file#/Name` (file
   * relative to the project), with the shapes of its oneOf siblings (a `$ref` sibling read from
   * its entry). A discriminated union's branches are selected by their tag, not told apart.
   */
  unionBranches(): Map<string, { siblings: BranchShape[] }> {
    const branches = new Map<string, { siblings: BranchShape[] }>();
    const shapeOf = (file: string, item: unknown): BranchShape => {
      const key = this.target(file, item);
      if (!key) return branchShapeOf(item);
      const [targetFile, name] = key.split('#/') as [string, string];
      return branchShapeOf(this.entry(targetFile, name));
    };
    for (const { file, document } of this.files.values()) {
      const walk = (node: unknown): void => {
        if (isMap(node)) {
          for (const keyword of ['oneOf', 'anyOf']) {
            const union = node.get(keyword, true);
            if (!isSeq(union) || node.has('discriminator')) continue;
            const shapes = keyword === 'oneOf' ? union.items.map((item) => shapeOf(file, item)) : [];
            union.items.forEach((item, index) => {
              const key = this.target(file, item);
              if (!key) return;
              const [targetFile, name] = key.split('#/') as [string, string];
              const pointer = `${relative(dirname(this.root), targetFile)}#/${name}`;
              const known = branches.get(pointer)?.siblings ?? [];
              branches.set(pointer, { siblings: [...known, ...shapes.filter((_, other) => other !== index)] });
            });
          }
          for (const item of node.items) walk(item.value);
        } else if (isSeq(node)) for (const item of node.items) walk(item);
      };
      walk(document.contents);
    }
    return branches;
  }
}

export function lineOf(text: string): (node: Node) => number {
  return (node) => text.slice(0, node.range?.[0] ?? 0).split('\n').length;
}

/** Every finding of the schemas a request reaches, in file and schema order. */
export function checkRequestSchemas(spec: SpecFiles, sources: Sources, projectRoot: string): Finding[] {
  const tags = spec.discriminatorTags();
  const branches = spec.unionBranches();
  const findings: Finding[] = [];
  for (const key of [...spec.requestSchemas()].sort()) {
    const [file, name] = key.split('#/') as [string, string];
    const loaded = spec.files.get(file);
    const contents = loaded?.document.contents;
    if (!loaded || !isMap(contents)) continue;
    const pair = contents.items.find((item) => String(plain(item.key)) === name);
    if (!pair) continue;
    const inherited = [...(contents.items[0] === pair ? commentsOf(loaded.document) : []), ...commentsOf(pair.key)];
    const relativeFile = relative(projectRoot, file);
    findings.push(...checkSchema(pair.value, { file: relativeFile, pointer: `${relativeFile}#/${name}` }, inherited, { sources, tags, line: lineOf(loaded.text), branchOf: (pointer) => branches.get(pointer), holdsRequired: (_file, property) => spec.holdsRequired(file, property) }));
  }
  return findings;
}
