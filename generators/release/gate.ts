// The one place the release reads the breaking-change gate: the changes between the last released
// bundle and the spec, which of them no release note acknowledges, and the merchant-facing notes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadSpec } from '../model/load-spec.js';
import type { OpenApiDocument } from '../model/openapi.js';
import { classify, type Change } from '../spec-diff/classify.js';
import { newestRelease } from '../spec-diff/main.js';
import { renderReport, verdict } from '../spec-diff/report.js';
import { merchantSurface } from '../spec-diff/surface.js';
import type { Bump } from './semver.js';

export interface GateOutcome {
  /** The release bundle compared against, and its version (the last released package version). */
  readonly basePath: string;
  readonly baseVersion: string;
  /** The spec as it stands, bundled: what the release records. */
  readonly document: OpenApiDocument;
  readonly bump: Bump;
  readonly unacknowledged: number;
  /** The gate's report, as `npm run spec:diff` prints it. */
  readonly report: string;
  /** The merchant-facing notes of the release: the changes grouped by action and protocol. */
  readonly notes: string;
}

/** Additions a merchant can start using (a minor release); other non-breaking changes are corrections. */
const ADDITION = /added|widened|no-longer-rejected|made-optional/;

export async function runGate(root: string): Promise<GateOutcome> {
  const basePath = newestRelease(join(root, 'spec', 'releases'));
  const baseVersion = basePath.split('/').pop()!.replace(/\.yaml$/, '');
  const document = (await loadSpec({ rootFile: join(root, 'spec', 'openapi.yaml'), redoclyConfig: join(root, 'redocly.yaml') })).document;
  const before = merchantSurface(parse(readFileSync(basePath, 'utf8')) as OpenApiDocument);
  const after = merchantSurface(document);
  const changes = classify(before, after);
  const result = verdict(before, after, changes);
  const bump: Bump = changes.some((change) => change.breaking) ? 'major' : changes.some((change) => ADDITION.test(change.kind)) ? 'minor' : 'patch';
  return { basePath, baseVersion, document, bump, unacknowledged: result.unacknowledged.length, report: renderReport(result, basePath), notes: releaseNotes(changes) };
}

function releaseNotes(changes: readonly Change[]): string {
  if (changes.length === 0) return 'No change to the merchant interface: fixes in the generated packages only.';
  const byUnit = new Map<string, Change[]>();
  for (const change of changes) byUnit.set(change.unit, [...(byUnit.get(change.unit) ?? []), change]);
  const lines: string[] = [];
  for (const [unit, list] of [...byUnit].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`- **${unit}**`);
    for (const change of list) lines.push(`  - ${change.breaking ? '**Breaking:** ' : ''}\`${change.subject}\` ${change.detail}`);
  }
  return lines.join('\n');
}
