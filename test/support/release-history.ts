// A release history for the versioned docs site: 6.7.0 as recorded in spec/releases/, then two
// releases made here as `npm run release` records them (the bundle and its notes): 6.8.0, a minor
// one (an optional `merchant_reference` on GET_TRANS_STATUS, its example carrying it), and 7.0.0,
// a breaking one, acknowledged (CAPTURE's `amount` removed, and the S2S CARD GET_TRANS_STATUS
// recipe no longer upper-cases its input). The gate's own verdicts are checked as each is recorded.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { compareSpecs } from '../../generators/spec-diff/compare.js';
import { renderReleaseNotes } from '../../generators/spec-diff/report.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { PROJECT_ROOT } from './spec-examples.js';

export const FIRST_RELEASE = '6.7.0';
export const MINOR_RELEASE = '6.8.0';
export const MAJOR_RELEASE = '7.0.0';
export const ADDED_FIELD = 'merchant_reference';
export const ADDED_VALUE = 'REF-2041';
export const REMOVED_FIELD = 'amount';
export const BREAKING_NOTES = [
  `\`${REMOVED_FIELD}\` removed from \`CAPTURE\`: a partial capture is refused; capture the whole authorized amount.`,
  '`GET_TRANS_STATUS` on S2S CARD: the signature no longer upper-cases the reversed `trans_id` (case).',
];

/** The parts of a bundle the history edits, as YAML parses it. */
interface Bundle {
  readonly info: { readonly version: string; 'x-releases': unknown[] };
  readonly components: { readonly schemas: Record<string, { properties: Record<string, unknown>; 'x-signature': { card: { input: unknown[] } } }> };
  readonly paths: { readonly '/post': { readonly post: { readonly requestBody: { readonly content: Record<string, { readonly examples: Record<string, { value: Record<string, unknown> }> }> } } } };
}

const examples = (bundle: Bundle, action: string) =>
  Object.values(bundle.paths['/post'].post.requestBody.content['application/x-www-form-urlencoded']!.examples).filter((example) => example.value['action'] === action);

function release(bundle: Bundle, version: string, entry: { added?: string[]; breaking?: string[] }): void {
  bundle.info['x-releases'] = [{ version, date: null, breaking: entry.breaking ?? [], added: entry.added ?? [], fixed: [] }, ...bundle.info['x-releases']];
}

/** Records `head` as release `version` after `base` in `folder`, as `npm run release` does, after checking the gate's verdict. */
function record(folder: string, base: Bundle, head: Bundle, version: string, verdict: 'minor' | 'breaking'): void {
  const result = compareSpecs(base as unknown as OpenApiDocument, head as unknown as OpenApiDocument);
  if (result.verdict !== verdict || !result.passes) throw new Error(`release ${version}: the gate says ${result.verdict}${result.passes ? '' : ' and not acknowledged'}, where the history wants ${verdict}`);
  writeFileSync(join(folder, `${version}.yaml`), `# The bundled spec of package release ${version}, made by test/support/release-history.ts.\n${stringify(head, { lineWidth: 0 })}`);
  writeFileSync(join(folder, `${version}.md`), `## ${version} (interface ${head.info.version}, ${verdict === 'breaking' ? 'major' : 'minor'} release)\n\n${renderReleaseNotes(result.changes)}\n`);
}

/** Writes the three releases into `folder` (a spec/releases/ of its own). */
export function writeReleaseHistory(folder: string): void {
  mkdirSync(folder, { recursive: true });
  const recorded = join(PROJECT_ROOT, 'spec', 'releases', `${FIRST_RELEASE}.yaml`);
  copyFileSync(recorded, join(folder, `${FIRST_RELEASE}.yaml`));
  const first = parse(readFileSync(recorded, 'utf8')) as Bundle;

  const minor = structuredClone(first);
  minor.components.schemas['GetTransStatusRequest']!.properties[ADDED_FIELD] = { type: 'string', maxLength: 64, description: "The merchant's own reference for the lookup." };
  for (const example of examples(minor, 'GET_TRANS_STATUS')) example.value[ADDED_FIELD] = ADDED_VALUE;
  release(minor, MINOR_RELEASE, { added: [`\`${ADDED_FIELD}\` on GET_TRANS_STATUS.`] });
  record(folder, first, minor, MINOR_RELEASE, 'minor');

  const major = structuredClone(minor);
  delete major.components.schemas['CaptureRequest']!.properties[REMOVED_FIELD];
  for (const example of examples(major, 'CAPTURE')) delete example.value[REMOVED_FIELD];
  major.components.schemas['GetTransStatusRequest']!['x-signature'].card.input = [{ reverse: 'trans_id' }, '$password'];
  release(major, MAJOR_RELEASE, { breaking: BREAKING_NOTES });
  record(folder, minor, major, MAJOR_RELEASE, 'breaking');
}
