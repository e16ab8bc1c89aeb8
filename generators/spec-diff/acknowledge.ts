// Which `breaking` release note acknowledges which breaking change. A note acknowledges the changes
// it names, not every change in the place it names:
//   1. it names the change's subject in backticks: the field (its full path, or its last segment),
//      the value, error code, MID setting or deployment setting; for a change to a whole action,
//      endpoint or callback (added, removed, its signature recipe), the action, operationId, path
//      or callback name;
//   2. it says what happened, in one of the words the catalogue lists for the kind ("removed",
//      "no longer", "required", "optional", "default", "signature", ...; whole words, any case);
//   3. when it mentions actions, endpoints or callbacks (in backticks or as words: "S2S APM SALE"),
//      the change is in one of them.
// The rule is documented in spec/README.md ("The breaking-change gate").
import { UNRELEASED, type ReleaseModel } from '../model/releases.js';
import type { Acknowledgement, Change } from './change.js';
import { changeKind } from './kinds.js';
import type { Surface } from './surface.js';

/** The head's release entries the base does not have (and the head's Unreleased, always). */
export function newReleases(base: Surface, head: Surface): ReleaseModel[] {
  const known = new Set(base.releases.map((release) => release.version));
  if (known.size === 0) {
    const index = head.releases.findIndex((release) => release.version === base.version);
    return index < 0 ? [...head.releases] : head.releases.slice(0, index);
  }
  return head.releases.filter((release) => !known.has(release.version) || release.version === UNRELEASED);
}

export interface Note extends Acknowledgement {
  /** The names the item puts in backticks. */
  readonly names: ReadonlySet<string>;
}

export const quotedNames = (text: string): Set<string> =>
  new Set([...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));

/** The names that stand for a change's subject. */
export function subjectNames(change: Change): string[] {
  const names = new Set<string>();
  if (change.path) {
    // The path and each of its dotted tails: `parameters.bankDetails.cbu`, `bankDetails.cbu`, `cbu`.
    const segments = change.path.replace(/\[\]/g, '').split('.');
    names.add(change.path);
    for (let start = 0; start < segments.length; start++) names.add(segments.slice(start).join('.'));
  } else names.add(change.location.action ?? change.location.operation ?? change.location.callback ?? change.unit);
  if (change.value !== undefined) names.add(change.value);
  return [...names].filter(Boolean);
}

/** The names of a change's unit a note may use to scope itself: the action, operation, path or callback. */
function unitNames(change: Change, surfaces: readonly Surface[]): string[] {
  for (const surface of surfaces) {
    const unit = surface.units.get(change.unit);
    if (unit) return [...unit.names];
  }
  return [];
}

/** One of the kind's words, as a whole word, in the item's prose (not inside a name in backticks). */
const saysWhatHappened = (item: string, kind: string) => {
  const prose = item.replace(/`[^`]*`/g, ' ');
  return changeKind(kind).verbs.some((verb) =>
    new RegExp(`(^|[^\\p{L}])${verb.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu').test(prose),
  );
};

/** Whether a note acknowledges a change (any severity: the report also says what a note's label got wrong). */
export function names(
  note: Note,
  change: Change,
  allUnitNames: ReadonlySet<string>,
  ownUnitNames: readonly string[],
): boolean {
  const subject = subjectNames(change);
  if (!subject.some((name) => note.names.has(name))) return false;
  if (!saysWhatHappened(note.item, change.kind)) return false;
  // The actions, endpoints and callbacks the note mentions, in backticks or as words ("S2S APM SALE").
  const words = new Set([...note.names, ...(note.item.match(/[A-Za-z0-9_]+/g) ?? [])]);
  const scope = [...words].filter((name) => allUnitNames.has(name));
  return scope.length === 0 || scope.some((name) => ownUnitNames.includes(name));
}

export interface Acknowledged {
  readonly changes: readonly Change[];
  /** Each breaking note with the changes it names (of any severity). */
  readonly notes: readonly { readonly note: Note; readonly named: readonly Change[] }[];
}

/**
 * The breaking items of the new release entries that the base does not already hold: an item a
 * release carried (Unreleased's items, once the packages were released with them) acknowledged
 * its changes then, and is not a new acknowledgement.
 */
export function newNotes(base: Surface, head: Surface): Note[] {
  const known = new Set(base.releases.flatMap((release) => release.breaking.map((item) => `${release.version}\n${item}`)));
  return newReleases(base, head).flatMap((release) =>
    release.breaking
      .filter((item) => !known.has(`${release.version}\n${item}`))
      .map((item) => ({ version: release.version, item, names: quotedNames(item) })),
  );
}

/** Marks each breaking change with the first note that acknowledges it. */
export function acknowledge(base: Surface, head: Surface, changes: readonly Change[]): Acknowledged {
  const notes = newNotes(base, head);
  const allUnitNames = new Set([...base.units.values(), ...head.units.values()].flatMap((unit) => unit.names));
  const own = new Map(changes.map((change) => [change, unitNames(change, [head, base])]));
  const named = notes.map((note) => ({
    note,
    named: changes.filter((change) => names(note, change, allUnitNames, own.get(change)!)),
  }));
  const marked = changes.map((change) => {
    if (change.severity !== 'breaking') return change;
    const by = named.find(({ named: list }) => list.includes(change))?.note;
    return by ? { ...change, acknowledgedBy: { version: by.version, item: by.item } } : change;
  });
  // The notes keep pointing at the marked copies.
  const index = new Map(changes.map((change, i) => [change, marked[i]!]));
  return {
    changes: marked,
    notes: named.map(({ note, named: list }) => ({ note, named: list.map((change) => index.get(change)!) })),
  };
}
