// Why an example fails its schema, as one failure per field at fault rather than ajv's list, which
// reports every branch of a failing `oneOf` (for an APM sale: the card sale's missing card fields,
// the redirect-only method's refusal of the brand, and the method's own missing field). This walks
// the schema with the example, asking the reference ajv whether each part holds, and descends only
// where one fails: into the branch the discriminator selects (else the branch the example comes
// nearest to), the `then` or `else` its `if` picks, and each property at fault.
import type { ErrorObject } from 'ajv';
import type { ReferenceAjv } from './reference-ajv.js';

export interface ExampleFailure {
  /** Path in the example (`['parameters']`): the field at fault, or the object missing one. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const object = (value: unknown): Json => (isObject(value) ? value : {});
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keywords whose sub-schemas this walk follows itself; the rest are checked on the schema's own copy. */
const APPLICATORS = new Set(['$ref', 'allOf', 'oneOf', 'anyOf', 'if', 'then', 'else', 'not', 'properties', 'items', 'prefixItems', 'additionalProperties', 'discriminator']);
/** Keywords that need the applicators' annotations: checked with the whole schema when nothing else explains a failure. */
const NEEDS_WHOLE = new Set(['unevaluatedProperties', 'unevaluatedItems', 'dependentSchemas', 'contains', 'propertyNames', 'patternProperties']);

export class ExampleExplainer {
  private readonly own = new Map<string, ReturnType<ReferenceAjv['compile']>>();

  constructor(private readonly ajv: ReferenceAjv) {}

  /** The failures of `value` against the schema at `pointer` in the document (`/components/schemas/X`; none when it is valid). */
  explain(pointer: string, value: unknown): ExampleFailure[] {
    return this.walk(pointer, value, []);
  }

  private valid(pointer: string, value: unknown): boolean {
    return this.ajv.at(pointer)(value) as boolean;
  }

  private schemaAt(pointer: string): unknown {
    return pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Json)[key] : undefined), this.ajv.document);
  }

  private walk(pointer: string, value: unknown, path: readonly (string | number)[]): ExampleFailure[] {
    if (this.valid(pointer, value)) return [];
    const schema = this.schemaAt(pointer);
    if (schema === false) return [{ path, message: 'is not allowed here' }];
    if (!isObject(schema)) return this.ajvFailures(pointer, value, path);
    const failures: ExampleFailure[] = [];
    if (typeof schema['$ref'] === 'string') failures.push(...this.walk(schema['$ref'].replace(/^#/, ''), value, path));
    list(schema['allOf']).forEach((_, index) => failures.push(...this.walk(`${pointer}/allOf/${index}`, value, path)));
    for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[key])) failures.push(...this.branches(pointer, key, schema, value, path));
    if (schema['if'] !== undefined) {
      const branch = this.valid(`${pointer}/if`, value) ? 'then' : 'else';
      if (schema[branch] !== undefined) failures.push(...this.walk(`${pointer}/${branch}`, value, path));
    }
    if (schema['not'] !== undefined && this.valid(`${pointer}/not`, value)) {
      const description = object(schema['not'])['description'];
      failures.push({ path, message: typeof description === 'string' ? description : 'matches what `not` excludes' });
    }
    if (isObject(value)) {
      const properties = object(schema['properties']);
      for (const name of Object.keys(properties)) {
        if (name in value) failures.push(...this.walk(`${pointer}/properties/${escape(name)}`, value[name], [...path, name]));
      }
      if (isObject(schema['additionalProperties'])) {
        for (const name of Object.keys(value).filter((key) => !(key in properties))) failures.push(...this.walk(`${pointer}/additionalProperties`, value[name], [...path, name]));
      }
    }
    if (Array.isArray(value)) {
      const prefix = list(schema['prefixItems']).length;
      value.forEach((item, index) => {
        if (index < prefix) failures.push(...this.walk(`${pointer}/prefixItems/${index}`, item, [...path, index]));
        else if (schema['items'] !== undefined) failures.push(...this.walk(`${pointer}/items`, item, [...path, index]));
      });
    }
    failures.push(...this.ownFailures(pointer, schema, value, path));
    // What the parts do not explain (an unevaluated property, a dependent schema) ajv reports itself.
    return failures.length > 0 ? failures : this.ajvFailures(pointer, value, path);
  }

  /**
   * A failing `oneOf`/`anyOf`: the branch the discriminator selects; without one, the branch the
   * example comes nearest to (the fewest failures about the object itself, then the fewest).
   */
  private branches(pointer: string, key: 'oneOf' | 'anyOf', schema: Json, value: unknown, path: readonly (string | number)[]): ExampleFailure[] {
    const branches = list(schema[key]);
    const passing = branches.filter((_, index) => this.valid(`${pointer}/${key}/${index}`, value)).length;
    if (passing === 1 || (key === 'anyOf' && passing > 1)) return [];
    if (passing > 1) return [{ path, message: `matches ${passing} of the \`oneOf\` alternatives; exactly one may match` }];
    const tag = object(schema['discriminator'])['propertyName'];
    if (typeof tag === 'string' && isObject(value) && value[tag] !== undefined) {
      const selected = branches.findIndex((_, index) => this.tagValues(`${pointer}/${key}/${index}`, tag).includes(value[tag]));
      if (selected >= 0) return this.walk(`${pointer}/${key}/${selected}`, value, path);
      return [{ path: [...path, tag], message: `${JSON.stringify(value[tag])} selects no alternative` }];
    }
    const explained = branches.map((_, index) => this.walk(`${pointer}/${key}/${index}`, value, path));
    const own = (failures: ExampleFailure[]) => failures.filter((failure) => failure.path.length === path.length).length;
    return explained.reduce((best, failures) => (own(failures) < own(best) || (own(failures) === own(best) && failures.length < best.length) ? failures : best));
  }

  /** The `const`/`enum` values a branch gives its discriminator property (through `$ref` and `allOf`). */
  private tagValues(pointer: string, tag: string, depth = 0): unknown[] {
    const schema = this.schemaAt(pointer);
    if (!isObject(schema) || depth > 8) return [];
    const property = object(object(schema['properties'])[tag]);
    const own = property['const'] !== undefined ? [property['const']] : list(property['enum']);
    const referenced = typeof schema['$ref'] === 'string' ? this.tagValues(schema['$ref'].replace(/^#/, ''), tag, depth + 1) : [];
    const parts = list(schema['allOf']).flatMap((_, index) => this.tagValues(`${pointer}/allOf/${index}`, tag, depth + 1));
    return [...own, ...referenced, ...parts];
  }

  /** The schema's own keywords (type, required, pattern, bounds, ...), checked on a copy without its sub-schemas. */
  private ownFailures(pointer: string, schema: Json, value: unknown, path: readonly (string | number)[]): ExampleFailure[] {
    let validate = this.own.get(pointer);
    if (!validate) {
      const copy: Json = {};
      for (const [key, keyword] of Object.entries(schema)) if (!APPLICATORS.has(key) && !NEEDS_WHOLE.has(key)) copy[key] = keyword;
      // `additionalProperties: false` needs the names `properties` allows.
      if (schema['additionalProperties'] === false) {
        copy['properties'] = Object.fromEntries(Object.keys(object(schema['properties'])).map((name) => [name, true]));
        if (isObject(schema['patternProperties'])) copy['patternProperties'] = Object.fromEntries(Object.keys(schema['patternProperties']).map((name) => [name, true]));
        copy['additionalProperties'] = false;
      }
      validate = this.ajv.compile(copy);
      this.own.set(pointer, validate);
    }
    return validate(value) ? [] : this.fromErrors(validate.errors ?? [], path);
  }

  private ajvFailures(pointer: string, value: unknown, path: readonly (string | number)[]): ExampleFailure[] {
    const validate = this.ajv.at(pointer);
    validate(value);
    return this.fromErrors((validate.errors ?? []).filter((error) => !['oneOf', 'anyOf', 'if', 'not', 'discriminator', '$ref'].includes(error.keyword)), path);
  }

  private fromErrors(errors: readonly ErrorObject[], path: readonly (string | number)[]): ExampleFailure[] {
    return errors.map((error) => {
      const at = error.instancePath.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      const extra = error.params['additionalProperty'] ?? error.params['unevaluatedProperty'];
      // An unknown field is reported at its own line.
      const where = typeof extra === 'string' ? [...at, extra] : at;
      return { path: [...path, ...where], message: typeof extra === 'string' ? 'is not a field the schema allows here' : (error.message ?? error.keyword) };
    });
  }
}
