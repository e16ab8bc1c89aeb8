// `x-warning`: checks that help a merchant catch a mistake (a mistyped card number, a field the
// platform's handling of is not documented) but that no source makes a platform rule. Its value is
// a schema of the checks, with a `description` that is the warning's message. Both clients report
// a failed warning beside the verdict and still send the request; the docs show it as a warning;
// the sandbox, which validates with the client's validators, accepts the request.
import { isSchemaObject, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS, type JsonSchema, type SchemaObject } from './json-schema.js';
import type { SpecModel } from './spec-model.js';

export const WARNING_KEYWORD = 'x-warning';

export interface Warning {
  /** The checks, as a schema applied to the value that carries the marker. */
  readonly checks: SchemaObject;
  /** What the merchant reads when a check fails: the marker's `description`. */
  readonly message: string;
}

/** The marker of a schema, read and checked; undefined when it has none. */
export function warningOf(schema: JsonSchema | undefined, where = 'a schema'): Warning | undefined {
  if (!isSchemaObject(schema) || schema[WARNING_KEYWORD] === undefined) return undefined;
  const checks = schema[WARNING_KEYWORD];
  if (!isSchemaObject(checks as JsonSchema) || Array.isArray(checks)) throw new Error(`${where}: x-warning must be a schema of the checks`);
  const { description } = checks as SchemaObject;
  if (typeof description !== 'string' || description.trim() === '') throw new Error(`${where}: x-warning needs a description, the message merchants read`);
  return { checks: checks as SchemaObject, message: description };
}


/**
 * Whether validating against `schema` can meet a warning: a union whose branches can is then
 * walked again with the context on a valid value, so the branch that matched reports its
 * warnings. `resolve` follows a `$ref`.
 */
export function reachesWarning(schema: JsonSchema, resolve: (node: JsonSchema) => JsonSchema): boolean {
  const seen = new Set<SchemaObject>();
  const walk = (node: JsonSchema | undefined): boolean => {
    if (!isSchemaObject(node) || seen.has(node)) return false;
    seen.add(node);
    if (node[WARNING_KEYWORD] !== undefined) return true;
    if (node.$ref !== undefined && walk(resolve({ $ref: node.$ref }))) return true;
    for (const key of SUBSCHEMA_KEYWORDS) if (walk(node[key])) return true;
    for (const key of SUBSCHEMA_LIST_KEYWORDS) if ((node[key] ?? []).some(walk)) return true;
    for (const key of SUBSCHEMA_MAP_KEYWORDS) if (Object.values(node[key] ?? {}).some(walk)) return true;
    return false;
  };
  return walk(schema);
}

/** One warning of the spec, where it is: for the docs' list of warnings. */
export interface WarningSite extends Warning {
  /** The component schema that carries the marker, and its title (or its name). */
  readonly schema: string;
  readonly title: string;
  /** The request fields it concerns: those whose schema carries it, or those its checks name. */
  readonly fields: readonly string[];
}

/** Every warning of the spec, in component order, with the fields it concerns. */
export function warningSites(model: Pick<SpecModel, 'schemas' | 'resolve'>): WarningSite[] {
  // Property names whose schema (through a `$ref`) is a given component: a leaf's warning concerns them.
  const referrers = new Map<SchemaObject, Set<string>>();
  const sites: { node: SchemaObject; schema: string; property?: string }[] = [];
  const walk = (node: JsonSchema | undefined, schema: string, seen: Set<SchemaObject>, property?: string): void => {
    if (!isSchemaObject(node) || seen.has(node)) return;
    seen.add(node);
    if (node[WARNING_KEYWORD] !== undefined) sites.push({ node, schema, ...(property !== undefined ? { property } : {}) });
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const target = model.resolve(child);
      if (isSchemaObject(target) && target !== child) referrers.set(target, (referrers.get(target) ?? new Set()).add(name));
      walk(child, schema, seen, name);
    }
    for (const key of SUBSCHEMA_KEYWORDS) walk(node[key], schema, seen);
    for (const key of SUBSCHEMA_LIST_KEYWORDS) for (const part of node[key] ?? []) walk(part, schema, seen, property);
    for (const key of ['patternProperties', 'dependentSchemas', '$defs'] as const) for (const part of Object.values(node[key] ?? {})) walk(part, schema, seen);
  };
  for (const [name, schema] of model.schemas) walk(schema, name, new Set());
  return sites.map(({ node, schema, property }) => {
    const warning = warningOf(node, schema)!;
    const named = Object.keys(warning.checks.properties ?? {});
    const fields = named.length > 0 ? named : property !== undefined ? [property] : [...(referrers.get(node) ?? [])].sort();
    return { ...warning, schema, title: model.schemas.get(schema)?.title ?? schema, fields };
  });
}
