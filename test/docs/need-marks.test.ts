// Every need mark of the docs agrees with the validators the client package ships. On each page,
// each field marked optional is dropped from each of the page's own examples that carries it:
// the example must stay valid. Each field marked required must be in each example, and dropping
// it must make the example invalid. Covers every S2S action, Checkout endpoint, callback and
// method page (wire examples for form fields, JSON bodies for dotted ones).
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/client/src/validators.js';
import { decodeForm } from '../../templates/runtime/form-codec.js';
import { docsPages, fieldMarks, markedSamples, type FieldMark, type MarkedSample } from '../support/docs-pages.js';

type Validate = (value: unknown) => { ok: boolean; issues?: readonly unknown[] };

function validatorFor(schema: string): Validate {
  const validate = (validators as Record<string, unknown>)[`validate${schema}`];
  if (typeof validate !== 'function') throw new Error(`No generated validator for ${schema}`);
  return validate as Validate;
}

/** A wire path of the list (`a[n][b]`, `a.b`) as a pattern of the example's keys (`a[0][b]`). */
function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\[n\\\]/g, '\\[\\d+\\]');
  return new RegExp(`^${escaped}(\\[|$)`);
}

/** The example without the field (and whatever is nested under it), or undefined when it has none. */
function withoutField(sample: MarkedSample, path: string): unknown {
  if (sample.kind === 'wire') {
    const pattern = pathPattern(path);
    const lines = sample.body.split('\n');
    const kept = lines.filter((line) => !pattern.test(line.slice(0, line.indexOf('='))));
    return kept.length === lines.length ? undefined : decodeForm(kept.join('&'));
  }
  const body = JSON.parse(sample.body) as unknown;
  const segments = path.split(/\.|(?=\[n\])/).map((segment) => (segment === '[n]' ? '*' : segment));
  let removed = false;
  const drop = (node: unknown, at: number): void => {
    if (typeof node !== 'object' || node === null) return;
    const segment = segments[at]!;
    const children = segment === '*' ? (Array.isArray(node) ? node : []) : [(node as Record<string, unknown>)[segment]];
    if (at === segments.length - 1) {
      if (segment !== '*' && segment in node) {
        delete (node as Record<string, unknown>)[segment];
        removed = true;
      }
      return;
    }
    for (const child of children) drop(child, at + 1);
  };
  drop(body, 0);
  return removed ? body : undefined;
}

const cases = docsPages().flatMap((page) => {
  const marks = fieldMarks(page);
  const samples = markedSamples([page]).filter((sample) => sample.kind !== 'signature');
  return samples.map((sample) => {
    const style = sample.kind === 'wire' ? 'form' : 'json';
    return [`${page.path} ${sample.name}`, sample, marks.filter((mark) => mark.style === style)] as const;
  });
});

describe('need marks agree with the validators', () => {
  it('are found on every reference page with examples', () => {
    expect(cases.length).toBeGreaterThan(80);
    const pages = new Set(cases.filter(([, , marks]) => marks.length > 0).map(([name]) => name.split(' ')[0]));
    for (const page of ['s2s/card-sale.md', 's2s/apm-sale.md', 's2s/card-create-schedule.md', 'checkout/create-session.md', 'callbacks/s2s-card-callback.md']) expect(pages).toContain(page);
  });

  it.each(cases)('%s', (_name, sample, marks: readonly FieldMark[]) => {
    const validate = validatorFor(sample.name);
    const body = sample.kind === 'wire' ? decodeForm(sample.body.split('\n').join('&')) : JSON.parse(sample.body);
    expect(validate(body).ok, 'the example itself is valid').toBe(true);
    const wrong: string[] = [];
    for (const mark of marks) {
      const dropped = withoutField(sample, mark.path);
      if (mark.need === 'optional' && dropped !== undefined && !validate(dropped).ok) wrong.push(`${mark.path}: marked optional, but the example is invalid without it`);
      if (mark.need === 'required' && dropped === undefined) wrong.push(`${mark.path}: marked required, but the valid example does not carry it`);
      if (mark.need === 'required' && dropped !== undefined && validate(dropped).ok) wrong.push(`${mark.path}: marked required, but the example is valid without it`);
    }
    expect(wrong).toEqual([]);
  });
});
