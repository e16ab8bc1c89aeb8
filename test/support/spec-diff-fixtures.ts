// The spec-diff fixtures (test/corpus/spec-diff/kinds/<name>.yaml): each a minimal pair of specs,
// the base and the head, written as changes to test/corpus/spec-diff/base.yaml, with the changes
// the gate must report (given/want). A field-level fixture swaps the `Subject` part of the
// request, the response and the callback (one pair per side it wants); any fixture may also set
// values by JSON pointer (`null` deletes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import type { DeploymentSettings } from '../../generators/model/deployment.js';
import type { Side } from '../../generators/spec-diff/kinds.js';
import type { SpecInput } from '../../generators/spec-diff/surface.js';
import { CORPUS_DIR } from './corpus.js';

export const SPEC_DIFF_DIR = join(CORPUS_DIR, 'spec-diff');

export interface WantedChange {
  readonly kind: string;
  readonly severity: string;
  readonly path?: string;
  readonly unit?: string;
  readonly value?: string;
}

interface FixtureFile {
  readonly given: string;
  readonly subject?: { readonly base: unknown; readonly head: unknown };
  readonly base?: Readonly<Record<string, unknown>>;
  readonly head?: Readonly<Record<string, unknown>>;
  /** spec/deployment.yaml of each side, when the fixture compares deployment settings. */
  readonly deployment?: { readonly base: DeploymentSettings; readonly head: DeploymentSettings };
  readonly want: readonly WantedChange[] | Partial<Record<Side, readonly WantedChange[]>>;
}

/** One minimal pair of specs and what the gate must report going from base to head. */
export interface SpecDiffCase {
  readonly name: string;
  readonly given: string;
  readonly base: SpecInput;
  readonly head: SpecInput;
  readonly want: readonly Required<Pick<WantedChange, 'kind' | 'severity' | 'path' | 'unit'>>[];
}

const SUBJECT: Record<Side, string> = {
  request: 'RequestSubject',
  response: 'ResponseSubject',
  callback: 'CallbackSubject',
};
const UNIT: Record<Side, string> = {
  request: 'S2S CARD GET_TRANS_STATUS',
  response: 'S2S CARD GET_TRANS_STATUS',
  callback: 'Callback s2sCardCallback',
};

function setPointer(document: unknown, pointer: string, value: unknown): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = document as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === null) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = structuredClone(value);
}

function build(changes: Readonly<Record<string, unknown>> | undefined, subject?: [Side, unknown]): OpenApiDocument {
  const document = parse(readFileSync(join(SPEC_DIFF_DIR, 'base.yaml'), 'utf8')) as Record<string, unknown>;
  if (subject) setPointer(document, `/components/schemas/${SUBJECT[subject[0]]}`, subject[1]);
  for (const [pointer, value] of Object.entries(changes ?? {})) setPointer(document, pointer, value);
  return document as unknown as OpenApiDocument;
}

export const fixtureNames = (): string[] =>
  readdirSync(join(SPEC_DIFF_DIR, 'kinds'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => name.replace(/\.yaml$/, ''))
    .sort();

export function readFixture(name: string): SpecDiffCase[] {
  const file = parse(readFileSync(join(SPEC_DIFF_DIR, 'kinds', `${name}.yaml`), 'utf8')) as FixtureFile;
  const complete = (wanted: readonly WantedChange[], unit: string) =>
    wanted.map((change) => ({ path: '', unit, ...change }));
  const spec = (document: OpenApiDocument, deployment: DeploymentSettings | undefined): SpecInput => ({
    document,
    ...(deployment ? { deployment } : {}),
  });
  if (Array.isArray(file.want)) {
    const [base, head] = [spec(build(file.base), file.deployment?.base), spec(build(file.head), file.deployment?.head)];
    return [{ name, given: file.given, base, head, want: complete(file.want as WantedChange[], UNIT.request) }];
  }
  return Object.entries(file.want as Partial<Record<Side, WantedChange[]>>).map(([side, wanted]) => ({
    name: `${name} (${side})`,
    given: `${file.given}, in the ${side}`,
    base: spec(build(file.base, file.subject ? [side as Side, file.subject.base] : undefined), undefined),
    head: spec(build(file.head, file.subject ? [side as Side, file.subject.head] : undefined), undefined),
    want: complete(wanted ?? [], UNIT[side as Side]),
  }));
}
