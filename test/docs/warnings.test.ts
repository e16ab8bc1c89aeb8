// The docs show a warning as a warning, and the validators agree (issue 37). The errors guide lists
// every `x-warning` of the spec (the model's warningSites). On every page, a field whose limits say
// "warning only" is one the validator warns about and never refuses: set to a value its check
// fails, the page's own example stays valid and the warning names the field; and every such field
// of a warning is shown so on some page.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { warningSites } from '../../generators/model/warnings.js';
import { decodeForm, encodeForm } from '../../templates/runtime/form-codec.js';
import { docsPages, markedSamples } from '../support/docs-pages.js';
import { generatedValidator } from '../support/generated-validators.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const WARNED = 'warning only (sent anyway)';
const sites = warningSites(buildSpecModel(loadBundledSpec() as OpenApiDocument, []));
const pages = docsPages();

/** A value the field's check fails: letters fail every pattern, enum and format here; a digit string fails Luhn. */
const failing = (limits: string) => (limits.includes('Luhn') ? '4111111111111112' : 'x');

/** The fields of each page's lists whose limits name a warning, with those limits. */
function warnedFields(text: string): { path: string; limits: string }[] {
  return [...text.matchAll(/^- \*\*`([^`]+)`\*\*[^\n]*\n(?: {2}[^\n]*\n)*? {2}<span class="field-limits">([^<]*)<\/span>/gm)]
    .filter((match) => match[2]!.includes(WARNED))
    .map((match) => ({ path: match[1]!, limits: match[2]! }));
}

describe('warnings in the docs', () => {
  it('the errors guide lists every warning of the spec, with its fields and message', () => {
    const guide = pages.find((page) => page.path === 'guide/errors.md')!.text;
    const section = guide.split('## Warnings')[1]!.split('\n## ')[0]!;
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Where'));
    expect(rows).toHaveLength(sites.length);
    for (const site of sites) {
      const row = rows.find((line) => line.includes(site.message.replace(/\|/g, '\\|')));
      expect(row, site.message).toBeDefined();
      for (const field of site.fields) expect(row).toContain(`\`${field}\``);
    }
  });

  it('a field shown with a warning is warned about, never refused, in the page\'s own example', () => {
    const checked: string[] = [];
    for (const sample of markedSamples(pages).filter((candidate) => candidate.kind !== 'signature')) {
      const page = pages.find((candidate) => candidate.path === sample.page)!;
      for (const { path, limits } of warnedFields(page.text)) {
        const form = sample.kind === 'wire';
        // A wire example shows one field per line.
        const value = form ? decodeForm(sample.body.split('\n').join('&')) : (JSON.parse(sample.body) as Record<string, unknown>);
        // Only a top-level field the example carries: the example then shows the rule on the wire.
        if (path.includes('[') || path.includes('.') || !(path in value)) continue;
        const changed = { ...value, [path]: failing(limits) };
        const result = generatedValidator(sample.name)(form ? decodeForm(encodeForm(changed as never)) : changed, form ? 'form' : 'json');
        expect(result.ok, `${sample.page} ${path}: ${JSON.stringify(result)}`).toBe(true);
        expect(result.warnings ?? [], `${sample.page} ${path}`).toContainEqual(expect.objectContaining({ path }));
        checked.push(path);
      }
    }
    // The leaf warnings met in the pages' examples: card numbers, currency, the Y/N flags, schedules.
    for (const field of ['card_number', 'payee_card_number', 'order_currency', 'recurring_init', 'interval_length', 'payments_count', 'day_of_month', 'first_payment_interval_unit']) expect(checked, field).toContain(field);
  });

  it('every field a leaf warning concerns is shown with it on some page', () => {
    const shown = new Set(pages.flatMap((page) => warnedFields(page.text).map((field) => field.path.replace(/^.*[.[\]]+(?=[^.[\]]+\]?$)/, '').replace(/\]$/, ''))));
    const leaves = sites.filter((site) => Object.keys(site.checks.properties ?? {}).length === 0).flatMap((site) => site.fields);
    expect(leaves.filter((field) => !shown.has(field))).toEqual([]);
  });
});
