// The generated validators agree with ajv (2020-12, compiled from the same bundled spec) on
// every example of the spec and on every generic mutation of it; every rejection names a
// wire path on or above what was touched.
import { describe, expect, it } from 'vitest';
import { createAjv } from '../support/ajv.js';
import { generatedValidator } from '../support/generated-validators.js';
import { mutationsOf, wirePathOf } from '../support/mutations.js';
import { collectExamples, loadBundledSpec } from '../support/spec-examples.js';

const spec = loadBundledSpec();
const examples = collectExamples(spec);
const ajv = createAjv();

/**
 * What the parity run must cover, named from the spec itself: a request example for every
 * operation and callback webhook, and one for every S2S action the `/post` discriminator maps.
 */
function expectedExamples(): { readonly name: string; readonly found: boolean }[] {
  const requests = examples.filter((example) => / request /.test(example.id) || example.id.startsWith('webhook '));
  const expected: { name: string; found: boolean }[] = [];
  for (const [path, item] of Object.entries<Record<string, unknown>>(spec['paths'] ?? {})) {
    for (const method of Object.keys(item).filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))) {
      const label = `${method.toUpperCase()} ${path} request`;
      expected.push({ name: label, found: requests.some((example) => example.id.startsWith(`${label} `)) });
    }
  }
  // A return query (a webhook with a GET and query parameters) carries no body example.
  for (const [name, item] of Object.entries<Record<string, any>>(spec['webhooks'] ?? {})) {
    if (!item['post']?.['requestBody']) continue;
    expected.push({
      name: `webhook ${name}`,
      found: requests.some((example) => example.id.startsWith(`webhook ${name} `)),
    });
  }
  const postSchema =
    spec['paths']?.['/post']?.['post']?.['requestBody']?.['content']?.['application/x-www-form-urlencoded']?.[
      'schema'
    ]?.['$ref'];
  const mapping: Record<string, string> = postSchema
    ? (spec['components']['schemas'][postSchema.split('/').pop()]['discriminator']?.['mapping'] ?? {})
    : {};
  for (const action of Object.keys(mapping)) {
    const found = requests.some((example) => (example.value as { action?: unknown } | null)?.action === action);
    expected.push({ name: `S2S action ${action}`, found });
  }
  return expected;
}

describe('every spec example', () => {
  it('covers every operation, webhook and S2S action by name', () => {
    const expected = expectedExamples();
    expect(expected.map(({ name }) => name)).toContain('POST /post request');
    expect(expected.filter(({ found }) => !found).map(({ name }) => name)).toEqual([]);
  });

  it.each(examples.map((example) => [example.id, example] as const))(
    '%s is valid for both validators',
    (_id, example) => {
      const ours = generatedValidator(example.schemaName)(example.value, example.style);
      const reference = ajv.validator(example.schemaName);
      expect(reference(example.value), JSON.stringify(reference.errors)).toBe(true);
      expect(ours.ok ? [] : ours.issues).toEqual([]);
    },
  );
});

describe('mutated examples', () => {
  it.each(examples.map((example) => [example.id, example] as const))(
    '%s: both validators agree on every mutation',
    (_id, example) => {
      const reference = ajv.validator(example.schemaName);
      const validate = generatedValidator(example.schemaName);
      const disagreements: string[] = [];
      const unnamed: string[] = [];
      for (const mutation of mutationsOf(example.value)) {
        const ours = validate(mutation.value, example.style);
        const theirs = reference(mutation.value) as boolean;
        // ajv leaves contentSchema unasserted (an annotation in 2020-12); ours parses a JSON field
        // and checks its content, and says so at the field's path (`payment_token#/...`).
        const content =
          !ours.ok &&
          theirs &&
          ours.issues.some((issue) => issue.rule === 'contentMediaType' || issue.path.includes('#'));
        if (ours.ok !== theirs && !content)
          disagreements.push(
            `${mutation.label}: ours=${ours.ok} ajv=${theirs} ${ours.ok ? JSON.stringify(reference.errors) : JSON.stringify(ours.issues)}`,
          );
        if (!ours.ok) {
          const touched = wirePathOf(example.style, mutation.segments);
          if (ours.issues.length === 0) unnamed.push(`${mutation.label}: no issue`);
          const related = ours.issues.some(
            (issue) => touched === '' || touched === issue.path || touched.startsWith(issue.path),
          );
          if (!related) unnamed.push(`${mutation.label}: issues ${JSON.stringify(ours.issues)} do not name ${touched}`);
        }
      }
      expect(disagreements).toEqual([]);
      expect(unnamed).toEqual([]);
    },
  );
});
