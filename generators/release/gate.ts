// The one place the release reads the breaking-change gate: the comparison of the spec with the
// last released bundle, whether it passes, the semver step it calls for, and the release notes.
import { join } from 'node:path';
import type { OpenApiDocument } from '../model/openapi.js';
import { compareSpecs } from '../spec-diff/compare.js';
import { bundleAt, newestRelease, specAt } from '../spec-diff/main.js';
import { renderReleaseNotes, renderReport } from '../spec-diff/report.js';
import type { Bump } from './semver.js';

export interface GateOutcome {
  /** The release bundle compared against, and its version (the last released package version). */
  readonly basePath: string;
  readonly baseVersion: string;
  /** The spec as it stands, bundled: what the release records. */
  readonly document: OpenApiDocument;
  readonly bump: Bump;
  readonly unacknowledged: number;
  /** No breaking change unacknowledged and no new breaking item that names nothing. */
  readonly passes: boolean;
  /** The gate's report, as `npm run spec:diff` prints it. */
  readonly report: string;
  /** The merchant-facing notes of the release: the changes grouped by protocol and action. */
  readonly notes: string;
}

/** The gate's verdict as a semver step: nothing a merchant feels is still a patch (a fix in generated code). */
const BUMP = { breaking: 'major', minor: 'minor', patch: 'patch', none: 'patch' } as const satisfies Record<string, Bump>;

export async function runGate(root: string): Promise<GateOutcome> {
  const basePath = newestRelease(join(root, 'spec', 'releases'));
  const baseVersion = basePath.split('/').pop()!.replace(/\.yaml$/, '');
  const head = await bundleAt(root);
  const result = compareSpecs(await specAt(basePath), head);
  return {
    basePath,
    baseVersion,
    document: head.document,
    bump: BUMP[result.verdict],
    unacknowledged: result.unacknowledged.length,
    passes: result.passes,
    report: renderReport(result, basePath),
    notes: result.changes.length > 0 ? renderReleaseNotes(result.changes) : 'No change to the merchant interface: fixes in the generated packages only.\n',
  };
}
