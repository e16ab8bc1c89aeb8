// Every example the spec carries, with the component schema it belongs to and the wire style
// its body travels in: the shared input of the parity, mutation and lint tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TOOLCHAIN_ROOT } from '../../generators/locations.js';

/** The project root, as the generators find it. */
export const PROJECT_ROOT = TOOLCHAIN_ROOT;

export interface SpecExample {
  /** `POST /post request SALE_card`, `webhook checkoutCallback`, ... */
  readonly id: string;
  readonly schemaName: string;
  readonly style: 'form' | 'json';
  readonly value: unknown;
}

type Json = Record<string, any>;

export function loadBundledSpec(): Json {
  return parse(readFileSync(join(PROJECT_ROOT, 'generated', 'openapi.yaml'), 'utf8')) as Json;
}

const schemaName = (schema: Json | undefined): string | undefined =>
  typeof schema?.['$ref'] === 'string' ? schema['$ref'].replace('#/components/schemas/', '') : undefined;

export function collectExamples(spec: Json = loadBundledSpec()): SpecExample[] {
  const examples: SpecExample[] = [];
  const fromMedia = (where: string, mediaType: string, media: Json) => {
    const name = schemaName(media['schema']);
    if (!name) return;
    const style = mediaType === 'application/x-www-form-urlencoded' ? 'form' : 'json';
    if (media['example'] !== undefined) examples.push({ id: `${where} example`, schemaName: name, style, value: media['example'] });
    for (const [key, example] of Object.entries<Json>(media['examples'] ?? {})) {
      examples.push({ id: `${where} ${key}`, schemaName: name, style, value: example['value'] });
    }
  };
  const fromOperations = (kind: string, items: Json) => {
    for (const [path, item] of Object.entries<Json>(items ?? {})) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (typeof operation !== 'object' || !operation) continue;
        const label = kind === 'webhook' ? `webhook ${path}` : `${method.toUpperCase()} ${path}`;
        for (const [type, media] of Object.entries<Json>(operation['requestBody']?.['content'] ?? {})) fromMedia(`${label} request`, type, media);
        for (const [code, response] of Object.entries<Json>(operation['responses'] ?? {})) {
          for (const [type, media] of Object.entries<Json>(response?.['content'] ?? {})) fromMedia(`${label} ${code}`, type, media);
        }
      }
    }
  };
  fromOperations('path', spec['paths']);
  fromOperations('webhook', spec['webhooks']);
  return examples;
}
