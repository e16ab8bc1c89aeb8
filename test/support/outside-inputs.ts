// The inputs from outside the repository, each at a documented setting (README, "Tests"): the
// interface document and the platform facts the spec quotes, and the official JSON-Schema-Test-
// Suite. Neither is ours to copy into the project. Only the `sources` group (test/sources/) reads
// them; its global set-up (test/sources/global-setup.ts) stops the group with one line per
// missing input before any of its files runs.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TOOLCHAIN_ROOT } from '../../generators/locations.js';

export interface OutsideInput {
  /** What it is, for the one-line message. */
  readonly name: string;
  /** The environment variable that points to it. */
  readonly setting: string;
  /** The folder it is in: the setting's value, or the default beside the project. */
  readonly dir: string;
  /** The files (relative to `dir`) the tests read, which must be there. */
  readonly files: readonly string[];
}

function input(name: string, setting: string, fallback: string, files: readonly string[]): OutsideInput {
  const value = process.env[setting];
  return { name, setting, dir: resolve(TOOLCHAIN_ROOT, value && value.length > 0 ? value : fallback), files };
}

/** `../shared`, as `.ci/run` finds it beside the clone. */
export const GATEWAY_SOURCES = input('the interface document and the platform facts', 'GATEWAY_SOURCES', '../shared', [
  'seed/payment-platform-interface.md',
  'reference/platform-facts.md',
]);

export const JSON_SCHEMA_TEST_SUITE = input('the JSON-Schema-Test-Suite', 'JSON_SCHEMA_TEST_SUITE', '../shared/json-schema-test-suite', [
  'tests/draft2020-12',
  'remotes',
]);

export const OUTSIDE_INPUTS = [GATEWAY_SOURCES, JSON_SCHEMA_TEST_SUITE] as const;

/** One line per input that is not where its setting points. */
export function missingInputs(inputs: readonly OutsideInput[] = OUTSIDE_INPUTS): string[] {
  return inputs
    .filter((wanted) => wanted.files.some((file) => !existsSync(join(wanted.dir, file))))
    .map((wanted) => `missing input: ${wanted.name} (${wanted.files.join(', ')}) not found in ${wanted.dir}; set ${wanted.setting} to the folder that holds it`);
}

export const INTERFACE_DOCUMENT = join(GATEWAY_SOURCES.dir, 'seed', 'payment-platform-interface.md');
export const PLATFORM_FACTS = join(GATEWAY_SOURCES.dir, 'reference', 'platform-facts.md');

/** The two sources a spec comment quotes, by the name a quote gives (`Document: "..."`, `Facts: "..."`). */
export const QUOTED_SOURCES = { Document: INTERFACE_DOCUMENT, Facts: PLATFORM_FACTS } as const;

export const readInterfaceDocument = (): string => readFileSync(INTERFACE_DOCUMENT, 'utf8');
