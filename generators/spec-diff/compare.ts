// The gate's programmatic API: compare two specs as a merchant feels them, acknowledge breaking
// changes with the head's new release notes, and say what release the changes call for.
//
//   const result = compareSpecs(base, head);   // OpenApiDocument, or {document, deployment}
//   result.changes   // [{kind, severity, unit, location: {protocol, action|operation|callback}, path, value?, message, acknowledgedBy?}]
//   result.verdict   // 'breaking' | 'minor' | 'patch' | 'none': the semver step the changes call for
//   result.passes    // false when a breaking change is not acknowledged, or a new breaking item names nothing (the CLI exits 1)
import type { OpenApiDocument } from '../model/openapi.js';
import type { ReleaseModel } from '../model/releases.js';
import { acknowledge, newReleases, type Note } from './acknowledge.js';
import { runDetectors, type Change } from './change.js';
import { DETECTORS } from './detectors/index.js';
import { changeKind } from './kinds.js';
import { merchantSurface, type SpecInput, type Surface } from './surface.js';

export type Verdict = 'breaking' | 'minor' | 'patch' | 'none';

export interface Comparison {
  readonly changes: readonly Change[];
  readonly verdict: Verdict;
  /** The head's release entries that are new against the base (they acknowledge breaking changes). */
  readonly releases: readonly ReleaseModel[];
  /** Each `breaking` item of those entries with the changes it names. */
  readonly notes: readonly { readonly note: Note; readonly named: readonly Change[] }[];
  readonly unacknowledged: readonly Change[];
  /** New breaking items that name no change the gate found: an acknowledgement of nothing is an error. */
  readonly unmatched: readonly Note[];
  /** No breaking change unacknowledged, and no new breaking item that names nothing. */
  readonly passes: boolean;
}

export function compareSurfaces(base: Surface, head: Surface): Comparison {
  const found = runDetectors(DETECTORS, base, head);
  const { changes, notes } = acknowledge(base, head, found);
  const unacknowledged = changes.filter((change) => change.severity === 'breaking' && !change.acknowledgedBy);
  const unmatched = notes.filter(({ named }) => named.length === 0).map(({ note }) => note);
  return {
    changes,
    verdict: verdictOf(changes),
    releases: newReleases(base, head),
    notes,
    unacknowledged,
    unmatched,
    passes: unacknowledged.length === 0 && unmatched.length === 0,
  };
}

export function compareSpecs(base: SpecInput | OpenApiDocument, head: SpecInput | OpenApiDocument): Comparison {
  return compareSurfaces(merchantSurface(base), merchantSurface(head));
}

/** The semver step: a breaking change is a major release, an addition a minor one, anything else a patch. */
export function verdictOf(changes: readonly Change[]): Verdict {
  const bumps = new Set(changes.map((change) => changeKind(change.kind).bump));
  if (bumps.has('major')) return 'breaking';
  if (bumps.has('minor')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}
