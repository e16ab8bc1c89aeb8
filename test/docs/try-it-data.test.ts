// The Try-it panel's data against the pages and the client: every action, Checkout endpoint and
// callback page carries the panel and its data file exists; the data names a validator module the
// client package has; and each example the panel prefills, signed as the panel signs it, passes
// that validator — so a reader who presses Send on an untouched form is not refused by the panel.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeSignature, type SignatureRecipe } from '../../templates/runtime/signature.js';
import { docsPages, DOCS_DIR } from '../support/docs-pages.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const PUBLIC = join(DOCS_DIR, 'public');
const VALIDATE = join(PROJECT_ROOT, 'generated', 'client', 'src', 'validate');

interface Data {
  validator: string;
  keyField?: string;
  head: Record<string, string>;
  signature?: SignatureRecipe;
  signingFields: string[];
  examples: { name: string; value: Record<string, unknown> }[];
}

const panelPages = docsPages().filter((page) => /^(s2s|checkout|callbacks)\//.test(page.path));
const tags = panelPages.map((page) => [page.path, /<TryIt data="([^"]+)" \/>/.exec(page.text)?.[1]] as const);

describe('Try-it panel data', () => {
  it('is on every S2S action, Checkout endpoint and callback page, and each page has its data', () => {
    expect(panelPages.length).toBeGreaterThan(40);
    for (const [path, data] of tags) {
      expect(data, path).toBe(`/try-it/${path.replace(/\.md$/, '.json')}`);
      expect(existsSync(join(PUBLIC, data!)), data).toBe(true);
    }
    const landing = docsPages().filter((page) => !/^(s2s|checkout|callbacks)\//.test(page.path));
    for (const page of landing) expect(page.text, page.path).not.toContain('<TryIt');
  });

  const files = readdirSync(join(PUBLIC, 'try-it'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.json'));

  it.each(files)(
    '%s: its examples, signed as the panel signs them, pass the client validator it names',
    async (file) => {
      const data = JSON.parse(readFileSync(join(PUBLIC, 'try-it', file), 'utf8')) as Data;
      const module = join(VALIDATE, `${data.validator}.ts`);
      expect(existsSync(module), module).toBe(true);
      const { validate, deferred } = (await import(module)) as {
        validate: (value: unknown) => { ok: boolean; issues?: unknown[] };
        deferred?: { load(): Promise<unknown> }[];
      };
      for (const piece of deferred ?? []) await piece.load();
      expect(data.examples.length).toBeGreaterThan(0);
      for (const example of data.examples) {
        // Opened as the panel opens it: the operation's own values (the action), then the key.
        const request = {
          ...data.head,
          ...(data.keyField ? { [data.keyField]: '5b6492f0-f8f5-11ea-976a-0242c0a85007' } : {}),
          ...example.value,
        };
        const signing = Object.fromEntries(data.signingFields.map((name) => [name, 'doe@example.com']));
        const signed = data.signature
          ? { ...request, hash: computeSignature(data.signature, { ...request, ...signing }, 'sandbox-password') }
          : request;
        expect(validate(signed).issues ?? [], `${file}: ${example.name}`).toEqual([]);
      }
    },
  );
});
