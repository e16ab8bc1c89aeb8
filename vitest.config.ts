import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { oneCopy } from './test/support/one-copy.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The full tier's groups (`npm run check`), each needing something the fast tier (`npm test`:
 * Node alone, on a fresh clone) does not. A test file is in the fast tier unless a group names it.
 */
export const FULL_TIER_GROUPS = {
  /** Inputs from outside the repository, at documented settings (test/support/outside-inputs.ts). */
  sources: ['test/sources/**/*.test.ts'],
  /** PHP 8.1+ CLI with curl, json and mbstring, PHPUnit and composer. */
  php: ['test/php/**/*.test.ts'],
  /** Debian's Chromium, and the docs site built once for the group (test/support/shared-builds.ts). */
  browser: ['test/docs/site.test.ts', 'test/docs/try-it.test.ts', 'test/docs/browser-support.test.ts', 'test/sandbox/browser.test.ts'],
  /** npm: the packed packages, consumers installing them, a release to a local registry. */
  packages: ['test/package/pack.test.ts', 'test/conformance/pack.test.ts', 'test/release/registry.test.ts'],
  /** Mutations and faults: thousands of generated inputs, or the kit run against a deliberately wrong sandbox. */
  /** The spec mistakes are made on a copy of the project, each through npm run generate. */
  mutation: ['test/validators/prototype-pollution.test.ts', 'test/client/redaction-fuzz.test.ts', 'test/conformance/faults.test.ts', 'test/spec/spec-diff-every-enum.test.ts', 'test/recipes/spec-mistakes.test.ts'],
  /** The "Changing the spec" guide's recipes, each on a copy of the project, through npm. */
  recipes: ['test/recipes/recipes.test.ts'],
  /** Chromium over the docs site of three releases (two made in the test), each release a VitePress build. */
  history: ['test/docs/versioned-site.test.ts'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Groups `npm run check` leaves out, run by a command of their own (`npm run check:slow`, README
 * "Tests"): the recipes (project copies, generations and a fast-tier run each) and the three-release
 * site (three VitePress builds and a crawl of every page of each) take minutes that put the full
 * tier past CI's time budget.
 */
export const SEPARATE_GROUPS: readonly (keyof typeof FULL_TIER_GROUPS)[] = ['recipes', 'history'];

const GLOBAL_SETUP: Partial<Record<keyof typeof FULL_TIER_GROUPS, string>> = {
  sources: 'test/sources/global-setup.ts',
};

/**
 * The full tier's longest files (minutes each, `--full` prints the slowest ten). Vitest's own order
 * runs project after project (alphabetically) and, on a clean clone with no timings cached, a
 * project's larger files first: the registry release (`packages`) started after the whole fast tier
 * and ran alone at the end. Started first, each runs beside the rest on one of the two workers.
 */
export const LONGEST_FILES = ['test/docs/site.test.ts', 'test/release/registry.test.ts'];

class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((long) => file.moduleId === join(root, long));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: everything else keeps vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  // Every generated copy of a template loads as the template itself (test/support/one-copy.ts).
  plugins: [oneCopy(root)],
  // The sandbox imports the client package by name, as a merchant's project would, and the
  // conformance kit both; in this repository those names are the packages' entry points (the
  // client's a template, so the hand-written one; the sandbox's copy resolves to its template).
  // The docs theme's Try-it modules import the client's browser-safe runtime by the subpaths the
  // docs build aliases (before the package name, which would take them as its own files).
  resolve: {
    alias: {
      '@payment-gateway/merchant-client/form-codec': fileURLToPath(new URL('./templates/runtime/form-codec.ts', import.meta.url)),
      '@payment-gateway/merchant-client/signature': fileURLToPath(new URL('./templates/runtime/signature.ts', import.meta.url)),
      '@payment-gateway/merchant-client': fileURLToPath(new URL('./templates/package/index.ts', import.meta.url)),
      '@payment-gateway/sandbox': fileURLToPath(new URL('./generated/sandbox/src/index.ts', import.meta.url)),
    },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker's files share its modules (no isolation): importing the model and the generated code
    // again for each file was a third of the fast tier's time, and a sixth of the php and sources
    // groups'. A file that needs modules fresh says so itself (vi.resetModules, as
    // test/client/deferred-validators.test.ts).
    isolate: false,
    sequence: { sequencer: LongestFilesFirst },
    // Every core: vitest's default leaves one idle, which on the 2-core machines we run on is half.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: Object.values(FULL_TIER_GROUPS).flat() },
      },
      ...Object.entries(FULL_TIER_GROUPS).map(([name, include]) => ({
        extends: true as const,
        test: { name, include: [...include], ...(GLOBAL_SETUP[name as keyof typeof FULL_TIER_GROUPS] ? { globalSetup: [GLOBAL_SETUP[name as keyof typeof FULL_TIER_GROUPS]!] } : {}) },
      })),
    ],
  },
});
