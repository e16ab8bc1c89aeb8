// The document's Limits table as the spec carries it (`info.x-limits`): each row names where the
// spec states its value (a schema, a path inside one, a method's timing, a parameter set), never
// the value itself. Checked here, so a row that points nowhere fails generation.
import type { JsonSchema } from './json-schema.js';
import type { OpenApiDocument } from './openapi.js';
import type { SpecModel, WirePathStyle } from './spec-model.js';

export type LimitSource =
  | {
      readonly kind: 'schema';
      /** `Name` or `Name/properties/field`, as written in the spec. */
      readonly pointer: string;
      readonly node: JsonSchema;
      readonly show: 'limits' | 'description' | 'rules' | 'table';
      readonly style: WirePathStyle;
    }
  | { readonly kind: 'fields'; readonly schema: string }
  | { readonly kind: 'method'; readonly label: string };

export interface LimitRow {
  readonly limit: string;
  readonly appliesTo: string;
  readonly sources: readonly LimitSource[];
}

const SHOWS = new Set(['limits', 'description', 'rules', 'table']);

export function limitRows(model: Pick<SpecModel, 'schema' | 'schemas'> & { readonly document: Pick<OpenApiDocument, 'info'> }): readonly LimitRow[] {
  const list = (model.document.info as Record<string, unknown>)['x-limits'];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('info.x-limits must be a list');
  return list.map((entry: Record<string, unknown>, index) => {
    const at = `info.x-limits[${index}]`;
    if (typeof entry['limit'] !== 'string' || typeof entry['appliesTo'] !== 'string' || !Array.isArray(entry['sources']))
      throw new Error(`${at} needs limit, appliesTo and sources`);
    return {
      limit: entry['limit'],
      appliesTo: entry['appliesTo'],
      sources: entry['sources'].map((source: Record<string, unknown>, position) => limitSource(model, source, `${at}.sources[${position}]`)),
    };
  });
}

function limitSource(model: Pick<SpecModel, 'schema' | 'schemas'>, source: Record<string, unknown>, at: string): LimitSource {
  if (typeof source['method'] === 'string') {
    const label = source['method'];
    const found = [...model.schemas.values()].some((schema) => (schema['x-method'] as { label?: unknown } | undefined)?.label === label);
    if (!found) throw new Error(`${at}: no method labelled ${label}`);
    return { kind: 'method', label };
  }
  if (typeof source['fields'] === 'string') {
    model.schema(source['fields']);
    return { kind: 'fields', schema: source['fields'] };
  }
  if (typeof source['schema'] !== 'string') throw new Error(`${at} needs schema, fields or method`);
  const [name, ...path] = source['schema'].split('/');
  let node: unknown = model.schema(name!);
  for (const segment of path) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
    if (node === undefined) throw new Error(`${at}: ${source['schema']} points nowhere`);
  }
  const show = source['show'] ?? 'limits';
  if (typeof show !== 'string' || !SHOWS.has(show)) throw new Error(`${at}: show is one of ${[...SHOWS].join(', ')}`);
  return { kind: 'schema', pointer: source['schema'], node: node as JsonSchema, show: show as 'limits', style: source['style'] === 'json' ? 'json' : 'form' };
}
