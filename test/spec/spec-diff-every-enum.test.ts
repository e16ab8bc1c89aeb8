// Every enum a merchant reads is watched by the gate, wherever its schema is reached from: for
// each enum of the bundled spec that a response or a callback reaches, a value added to it alone
// is reported as a response or callback change naming the value (a merchant's exhaustive switch
// meets it). About a hundred surface builds: in the full tier (`mutation`).
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { compareSurfaces } from '../../generators/spec-diff/compare.js';
import { merchantSurface } from '../../generators/spec-diff/surface.js';
import { loadBundledSpec } from '../support/spec-examples.js';

type Json = Record<string, any>;
const spec = loadBundledSpec() as Json;
const schemas = spec['components']['schemas'] as Json;
const NEW_VALUE = 'ZZ_NEW_VALUE';

/**
 * The component schemas a response or callback reaches through `$ref`, not through
 * `contentSchema` (the JSON a string field carries: the gate compares fields, not a string's content).
 */
function readSchemas(): Set<string> {
  const model = buildSpecModel(spec as OpenApiDocument, []);
  const roots = [
    ...model.s2sActions.flatMap((action) => (action.responseSchemaName ? [action.responseSchemaName] : [])),
    ...model.checkoutOperations.flatMap((operation) => (operation.responseSchemaName ? [operation.responseSchemaName] : [])),
    ...model.webhooks.map((webhook) => webhook.schemaName),
  ];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const walk = (node: unknown, key?: string): void => {
      if (key === 'contentSchema' || key?.startsWith('x-')) return;
      if (Array.isArray(node)) node.forEach((item) => walk(item));
      else if (node && typeof node === 'object') {
        const ref = (node as Json)['$ref'];
        if (typeof ref === 'string') visit(ref.split('/').pop()!);
        for (const [child, value] of Object.entries(node)) walk(value, child);
      }
    };
    walk(schemas[name]);
  };
  roots.forEach(visit);
  return seen;
}

/** Every string enum under a schema (not one a `not` excludes), by its path inside the schema. */
function enumsOf(node: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(node)) return node.flatMap((item, index) => enumsOf(item, [...path, index]));
  if (!node || typeof node !== 'object') return [];
  const own = Array.isArray((node as Json)['enum']) && (node as Json)['enum'].every((value: unknown) => typeof value === 'string') ? [path] : [];
  return [
    ...own,
    ...Object.entries(node).flatMap(([key, value]) => (key === 'not' || key === 'examples' || key === 'contentSchema' || key.startsWith('x-') ? [] : enumsOf(value, [...path, key]))),
  ];
}

const cases = [...readSchemas()].flatMap((name) => enumsOf(schemas[name]).map((path) => [`${name}${path.length ? `/${path.join('/')}` : ''}`, name, path] as const));
const base = merchantSurface(spec as OpenApiDocument);

describe('a value added to an enum a merchant reads', () => {
  it('covers the enums of responses and callbacks', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)('%s is reported on a response or callback', (_where, name, path) => {
    const head = structuredClone(spec);
    const node = path.reduce<Json>((at, key) => at[key], head['components']['schemas'][name]);
    node['enum'] = [...node['enum'], NEW_VALUE];
    const changes = compareSurfaces(base, merchantSurface(head as OpenApiDocument)).changes.filter((change) => change.value === NEW_VALUE);
    expect(changes.filter((change) => /^(response|callback)\./.test(change.kind)).map((change) => change.severity)).toContain('warning');
  });
});
