// Where every schema of the document sits, and what each `$ref` points at. JSON Schema 2020-12
// resolves a reference against the base URI of the schema it is written in (`$id` changes it),
// to a JSON pointer inside a schema resource or to an `$anchor`. The generator never fetches: a
// reference outside the document names a resource the caller registered (URI → schema, as
// ajv's `addSchema`; the product registers none), or it is refused with the URI it names.
import { isSchemaObject, SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS, type JsonSchema } from '../../model/json-schema.js';

/** The document's own base URI: `#/components/schemas/X` resolves against it. */
export const DOCUMENT_BASE = 'https://spec.invalid/openapi.json';

/** Keywords whose value is a schema, a list of schemas, or a map of them (and draft 7's `definitions`, which a `$ref` may still point into). */
const SINGLE = SUBSCHEMA_KEYWORDS;
const LISTS = SUBSCHEMA_LIST_KEYWORDS;
const MAPS = [...SUBSCHEMA_MAP_KEYWORDS, 'definitions'];

export interface SchemaPlace {
  /** Base URI of the resource the schema is in (after its own `$id`). */
  readonly base: string;
  /** A name for generated code: the component and the path below it (`Order_properties_items`). */
  readonly name: readonly (string | number)[];
}

/** A `$ref` to a resource neither the document nor the registered resources hold. */
export class UnknownResourceError extends Error {
  /** The resource's absolute URI, without fragment: what a caller would register. */
  readonly uri: string;
  constructor(ref: string, uri: string) {
    super(`$ref "${ref}" names ${uri}, a resource outside the document; bundle it into the spec`);
    this.uri = uri;
  }
}

/** External schema resources by absolute URI (no fragment), as the document's `$ref`s name them. */
export type SchemaResources = ReadonlyMap<string, JsonSchema>;

export class SchemaIndex {
  private readonly byUri = new Map<string, { readonly schema: JsonSchema; readonly name: readonly (string | number)[] }>();
  private readonly places = new Map<JsonSchema, SchemaPlace>();
  /** Resources (base URIs) declaring each `$dynamicAnchor` name. */
  private readonly dynamicAnchors = new Map<string, Set<string>>();

  /** Base URIs of every resource: the document, each `$id`, each registered resource. */
  private readonly resources = new Set<string>([DOCUMENT_BASE]);

  constructor(components: Readonly<Record<string, JsonSchema>>, external: SchemaResources = new Map()) {
    for (const [name, schema] of Object.entries(components)) {
      this.visit(schema, DOCUMENT_BASE, `/components/schemas/${escapePointer(name)}`, DOCUMENT_BASE, '', [name]);
    }
    for (const [uri, schema] of external) {
      // A resource's retrieval URI is its base until its own `$id` says otherwise.
      const base = new URL(uri);
      base.hash = '';
      this.resources.add(base.href);
      const file = base.pathname.split('/').filter((part) => part !== '').at(-1) ?? base.hostname;
      this.visit(schema, base.href, '', base.href, '', [file.replace(/\.json$/, '')]);
    }
  }

  /**
   * Where a `$dynamicRef` resolves the way a `$ref` does, whatever the dynamic scope: its target
   * declares no `$dynamicAnchor` of the fragment's name, or no other resource of the document
   * declares one. Undefined otherwise (resolution would depend on the path taken at run time).
   */
  staticDynamicTarget(ref: string, base: string): JsonSchema | undefined {
    const target = this.resolve(ref, base);
    const name = decodeURIComponent(new URL(ref, base).hash.slice(1));
    if (!isSchemaObject(target) || target.$dynamicAnchor !== name) return target;
    return (this.dynamicAnchors.get(name)?.size ?? 0) <= 1 ? target : undefined;
  }

  placeOf(schema: JsonSchema): SchemaPlace | undefined {
    return this.places.get(schema);
  }

  /** The schema `ref` names, written in a schema whose base URI is `base`. */
  resolve(ref: string, base: string): JsonSchema {
    return this.lookup(ref, base).schema;
  }

  /** A name for the schema `ref` names (a boolean schema has no place of its own). */
  nameOf(ref: string, base: string): readonly (string | number)[] {
    return this.lookup(ref, base).name;
  }

  private lookup(ref: string, base: string): { readonly schema: JsonSchema; readonly name: readonly (string | number)[] } {
    let uri: URL;
    try {
      uri = new URL(ref, base);
    } catch {
      throw new Error(`$ref "${ref}" is not a URI reference`);
    }
    const fragment = decodeURIComponent(uri.hash.slice(1));
    uri.hash = '';
    const target = this.byUri.get(`${uri.href}#${fragment}`);
    if (target === undefined && !this.resources.has(uri.href)) throw new UnknownResourceError(ref, uri.href);
    if (target === undefined) {
      throw new Error(`$ref "${ref}" (${uri.href}#${fragment}) names no schema in the document; references outside the spec must be bundled into it`);
    }
    return target;
  }

  /**
   * Registers `schema` under its pointer from the document root and, inside a resource with an
   * `$id`, under its pointer from that resource's root and its anchors.
   */
  private visit(schema: JsonSchema, documentBase: string, documentPointer: string, base: string, pointer: string, name: readonly (string | number)[]): void {
    const entry = { schema, name };
    this.byUri.set(`${documentBase}#${documentPointer}`, entry);
    if (!isSchemaObject(schema)) {
      // `true` and `false` are one value each: registered by URI only.
      this.byUri.set(`${base}#${pointer}`, entry);
      return;
    }
    if (this.places.has(schema)) return;
    if (typeof schema.$id === 'string') {
      const resolved = new URL(schema.$id, base);
      resolved.hash = '';
      base = resolved.href;
      pointer = '';
      this.resources.add(base);
    }
    this.places.set(schema, { base, name });
    this.byUri.set(`${base}#${pointer}`, entry);
    if (typeof schema.$dynamicAnchor === 'string') {
      const resources = this.dynamicAnchors.get(schema.$dynamicAnchor) ?? new Set<string>();
      this.dynamicAnchors.set(schema.$dynamicAnchor, resources.add(base));
    }
    for (const anchor of [schema.$anchor, schema.$dynamicAnchor]) {
      if (typeof anchor === 'string') this.byUri.set(`${base}#${anchor}`, entry);
    }
    const child = (sub: unknown, segments: readonly (string | number)[]) => {
      if (typeof sub !== 'boolean' && !isSchemaObject(sub as JsonSchema)) return;
      const tail = segments.map((segment) => `/${escapePointer(String(segment))}`).join('');
      this.visit(sub as JsonSchema, documentBase, documentPointer + tail, base, pointer + tail, [...name, ...segments]);
    };
    const record = schema as Record<string, unknown>;
    for (const key of SINGLE) if (key in record) child(record[key], [key]);
    for (const key of LISTS) {
      const list = record[key];
      if (Array.isArray(list)) list.forEach((sub, index) => child(sub, [key, index]));
    }
    for (const key of MAPS) {
      const map = record[key];
      if (typeof map === 'object' && map !== null) for (const [entry, sub] of Object.entries(map)) child(sub, [key, entry]);
    }
  }
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
