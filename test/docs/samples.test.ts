// Samples never rot: every wire example of the docs decodes with the runtime's decoder and
// validates with the generated validators, every JSON body validates, and every worked signature
// is recomputed by the runtime's signer with the client's own recipe constant.
import { describe, expect, it } from 'vitest';
import * as signatures from '../../generated/client/src/signatures.js';
import * as validators from '../../generated/client/src/validators.js';
import { decodeForm } from '../../templates/runtime/form-codec.js';
import { computeSignature, signatureBytes, type SignatureRecipe } from '../../templates/runtime/signature.js';
import { docsPages, fieldMarks, markedSamples } from '../support/docs-pages.js';

const samples = markedSamples();
/** The password the docs' worked examples give (and sign every example with). */
const EXAMPLE_PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
const byKind = (kind: string) => samples.filter((sample) => sample.kind === kind).map((sample) => [`${sample.page} ${sample.name}`, sample] as const);

function validatorFor(schema: string): (value: unknown) => { ok: boolean; issues?: readonly unknown[] } {
  const validate = (validators as Record<string, unknown>)[`validate${schema}`];
  if (typeof validate !== 'function') throw new Error(`No generated validator for ${schema}`);
  return validate as (value: unknown) => { ok: boolean; issues?: readonly unknown[] };
}

describe('docs samples', () => {
  it('are found on the pages: wire, JSON and signature examples', () => {
    expect(byKind('wire').length).toBeGreaterThan(60);
    expect(byKind('json').length).toBeGreaterThan(10);
    expect(byKind('signature').length).toBeGreaterThan(40);
  });

  it.each(byKind('wire'))('wire example %s is one field a line, decodes and validates', (_name, sample) => {
    const lines = sample.body.split('\n');
    for (const line of lines) expect(line).toMatch(/^[^=&\s]+=[^&\s]*$/);
    // Brackets are readable: no %5B in a field name.
    expect(lines.filter((line) => /%5B/i.test(line.split('=')[0]!))).toEqual([]);
    const decoded = decodeForm(lines.join('&'));
    const result = validatorFor(sample.name)(decoded);
    expect(result.issues ?? [], sample.page).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it.each(byKind('json'))('JSON example %s validates', (_name, sample) => {
    const result = validatorFor(sample.name)(JSON.parse(sample.body));
    expect(result.issues ?? []).toEqual([]);
    expect(result.ok).toBe(true);
  });

  // Each example's `hash` is the one its own body gives: fields the request carries are read from
  // the body shown (absent ones as absent), and only values the request cannot carry (the
  // original payment's e-mail and card) from the page's worked signature.
  const hashed = docsPages().flatMap((page) => {
    const samples = markedSamples([page]);
    const worked = samples.find((sample) => sample.kind === 'signature');
    if (!worked || page.path.startsWith('guide/')) return [];
    const carried = new Set(fieldMarks(page).map((mark) => mark.path));
    const lines = worked.body.split('\n');
    const signedFields = decodeForm(lines.slice(1, lines.findIndex((line) => line.startsWith('Password: '))).join('&')) as Record<string, unknown>;
    const signing = Object.fromEntries(Object.entries(signedFields).filter(([name]) => !carried.has(name)));
    return samples
      .filter((sample) => sample.kind !== 'signature')
      .map((sample) => [`${page.path} ${sample.name}`, { sample, constant: worked.name, signing }] as const);
  });

  it('hashes of examples are checked on every signed page', () => {
    expect(hashed.length).toBeGreaterThan(60);
  });

  it.each(hashed)('the hash of example %s recomputes from the body shown', (_name, { sample, constant, signing }) => {
    const recipe = (signatures as Record<string, unknown>)[constant] as SignatureRecipe;
    const body = (sample.kind === 'wire' ? decodeForm(sample.body.split('\n').join('&')) : JSON.parse(sample.body)) as Record<string, unknown>;
    if (body['hash'] === undefined) return;
    expect(body['hash']).toBe(computeSignature(recipe, { ...signing, ...body }, EXAMPLE_PASSWORD));
  });

  // A title that names card parameter sets ("with the ERS and PWD sets") shows a body that sends
  // a field of each: every set's fields are listed on the page under `parameters[...]`.
  const titled = docsPages().flatMap((page) =>
    [...page.text.matchAll(/\*\*([^*\n]+)\*\*\n\n<!-- wire: \S+ -->\s*```text\n([\s\S]*?)\n```/g)]
      .filter((match) => /\b(set|sets)\b/.test(match[1]!))
      .map((match) => [`${page.path}: ${match[1]}`, match[1]!, match[2]!] as const),
  );

  it('titles that name card sets are found', () => {
    expect(titled.length).toBeGreaterThanOrEqual(3);
  });

  it.each(titled)('%s: the body sends the sets its title names', (_name, title, body) => {
    const sets = [...title.matchAll(/\b([A-Z]{3})\b(?=[^.]*\bsets?\b)/g)].map((match) => match[1]);
    expect(sets.length).toBeGreaterThan(0);
    expect(body).toMatch(/^parameters\[/m);
  });

  it.each(byKind('signature'))('worked signature %s is what the runtime signer computes', (_name, sample) => {
    const recipe = (signatures as Record<string, unknown>)[sample.name] as SignatureRecipe | undefined;
    expect(recipe, `the client exports ${sample.name}`).toBeDefined();
    const lines = sample.body.split('\n');
    const passwordAt = lines.findIndex((line) => line.startsWith('Password: '));
    expect(lines[0]).toBe('Signed fields:');
    const fields = decodeForm(lines.slice(1, passwordAt).join('&'));
    const password = lines[passwordAt]!.slice('Password: '.length);
    const value = (label: string) => lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2);
    expect(Buffer.from(signatureBytes(recipe!, fields, password), 'latin1').toString('utf8')).toBe(value('String to sign'));
    expect(value('hash')).toBe(computeSignature(recipe!, fields, password));
    expect(value('hash')).toMatch(/^[0-9a-f]{32,64}$/);
  });
});
