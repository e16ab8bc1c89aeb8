// Bounds come from sources (spec/README.md, issue 12): a limit that can reject a value — a
// `pattern`, `enum`, `const`, `format`, `minimum`/`maximum`, `maxItems`, or a `maxLength` below
// 255 — is either a safety cap (`x-safety-cap: true`) or carries a YAML comment citing where the
// document or the facts state it ("Document, <section>: ..." or "Facts §n ..."), on the schema
// itself or on one of its parents. The comments are read from the source files (parseDocument
// keeps them), not from the bundle, which drops them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isPair, isScalar, isSeq, parseDocument, visit, type Node, type Pair, type YAMLMap } from 'yaml';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SPEC = join(PROJECT_ROOT, 'spec');
const LIMITS = ['pattern', 'enum', 'const', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'maxItems', 'maxLength'] as const;
const SAFETY_CAP_MINIMUM = 255;
/** A citation, as the spec writes them: "Document, Limits: ..." or "Facts §2.2: ...". */
const CITATION = /(^|[\s(#])Document[,:] |[Ff]acts §\d/m;

interface Finding {
  readonly where: string;
  readonly limits: string;
}

function specFiles(): string[] {
  return readdirSync(SPEC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.yaml') && !file.startsWith('releases'))
    .map((file) => join(SPEC, file));
}

/** Discriminator tag values (`action: SALE`, `result: SUCCESS`) select a branch; they reject nothing the union accepts. */
function discriminatorTags(files: readonly string[]): Map<string, Set<string>> {
  const tags = new Map<string, Set<string>>();
  for (const file of files) {
    visit(parseDocument(readFileSync(file, 'utf8')), {
      Map(_key, node) {
        const discriminator = node.get('discriminator');
        if (!isMap(discriminator)) return;
        const name = String(discriminator.get('propertyName'));
        const mapping = discriminator.get('mapping');
        const values = tags.get(name) ?? new Set<string>();
        if (isMap(mapping)) for (const item of mapping.items) values.add(String((item.key as { value: unknown }).value));
        tags.set(name, values);
      },
    });
  }
  return tags;
}

function commentsOf(node: unknown): (string | null | undefined)[] {
  if (!node || typeof node !== 'object') return [];
  const { commentBefore, comment } = node as { commentBefore?: string | null; comment?: string | null };
  return [commentBefore, comment];
}

/** Limits of one schema node that neither a safety cap nor a citation accounts for. */
function unsourcedLimits(text: string, tags: Map<string, Set<string>>): { line: number; limits: string[] }[] {
  const found: { line: number; limits: string[] }[] = [];
  visit(parseDocument(text), {
    Map(_key, node: YAMLMap, path) {
      const limits = LIMITS.filter((key) => node.has(key) && !(key === 'maxLength' && Number(node.get(key)) >= SAFETY_CAP_MINIMUM));
      if (limits.length === 0 || node.get('x-safety-cap') === true) return;
      const owner = path[path.length - 1];
      if (limits.every((key) => key === 'const' || key === 'enum') && isPair(owner)) {
        const values = tags.get(String((owner.key as { value: unknown }).value));
        const given = node.has('const') ? [node.get('const')] : ((node.get('enum') as { items?: { value: unknown }[] })?.items ?? []).map((item) => item.value);
        if (values && given.length > 0 && given.every((value) => values.has(String(isScalar(value) ? value.value : value)))) return;
      }
      const comments = [...commentsOf(node), ...node.items.flatMap((item) => [...commentsOf(item.key), ...commentsOf(item.value)])];
      for (const ancestor of path) {
        if (isPair(ancestor)) comments.push(...commentsOf((ancestor as Pair).key), ...commentsOf((ancestor as Pair).value));
        else if (isSeq(ancestor) || isMap(ancestor)) comments.push((ancestor as Node).commentBefore);
      }
      if (CITATION.test(comments.filter(Boolean).join('\n'))) return;
      found.push({ line: text.slice(0, node.range?.[0] ?? 0).split('\n').length, limits: limits.map((key) => `${key}=${JSON.stringify(node.get(key, false) instanceof Object ? (node.get(key) as Node).toJSON() : node.get(key))}`) });
    },
  });
  return found;
}

describe('every limit in the spec has a source or is a safety cap', () => {
  const files = specFiles();
  const tags = discriminatorTags(files);

  it('finds no unsourced limit', () => {
    const findings: Finding[] = files.flatMap((file) =>
      unsourcedLimits(readFileSync(file, 'utf8'), tags).map(({ line, limits }) => ({ where: `${relative(PROJECT_ROOT, file)}:${line}`, limits: limits.join(' ') })),
    );
    expect(findings).toEqual([]);
  });

  it.each([
    ['an unsourced pattern', 'Eci:\n  type: string\n  pattern: ^[0-9]{2}$\n', 1],
    ['a tight maxLength without a source', 'Name:\n  type: string\n  maxLength: 32\n', 1],
    ['a mention of the document that cites nothing', '# The document does not name these.\nName:\n  type: string\n  maxLength: 32\n', 1],
    ['maxItems on a nested property', 'List:\n  type: object\n  properties:\n    items:\n      type: array\n      maxItems: 20\n', 1],
    ['a citation on the schema', '# Document, Card data fields: two digits.\nMonth:\n  type: string\n  pattern: ^[0-9]{2}$\n', 0],
    ['a citation on a parent', '# Document, APC set table: the lengths below.\nShipping:\n  type: object\n  properties:\n    city: {type: string, maxLength: 80}\n', 0],
    ['a safety cap', 'Name:\n  type: string\n  maxLength: 255\n  x-safety-cap: true\n', 0],
    ['a discriminator tag', 'Sale:\n  type: object\n  properties:\n    action: {type: string, const: SALE}\n', 0],
  ])('%s', (_name, yaml, count) => {
    expect(unsourcedLimits(yaml, new Map([['action', new Set(['SALE'])]]))).toHaveLength(count);
  });
});
