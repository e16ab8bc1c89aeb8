// Every TypeScript sample of the docs pages type-checks, under a strict merchant's settings,
// against the generated client, sandbox and conformance kit (their sources, mapped to the package names as the
// root tsconfig does).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { withoutRecipeSteps } from '../support/recipes.js';
import { asModule, fencedBlocks, STRICT } from '../support/snippets.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const run = promisify(execFile);
let work: string | undefined;

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('docs TypeScript samples', () => {
  // A recipe step of "Changing the spec" is a fragment of a project file, checked in place by test/recipes.
  const snippets = docsPages().flatMap((page) => fencedBlocks(withoutRecipeSteps(page.text), 'ts').map((snippet, index) => ({ name: `${page.path.replace(/[^a-z0-9]+/gi, '-')}-${index + 1}`, snippet })));

  // Getting started's first SALE and its follow-up lookup, which needs `trans_id` narrowed on `result`.
  const NARROWED = "if (response.result === 'SUCCESS') {\n    // trans_id names the payment in lookups and follow-ups (CAPTURE, REFUND, ...).\n    const status = await s2s.card.getTransStatus({ trans_id: response.trans_id });";
  const firstSale = snippets.find((entry) => entry.name.startsWith('guide-getting-started') && entry.snippet.includes('getTransStatus('));

  it('cover every S2S action and Checkout endpoint page, and the callbacks', () => {
    expect(snippets.filter((entry) => entry.name.startsWith('s2s-')).length).toBeGreaterThan(20);
    expect(snippets.filter((entry) => entry.name.startsWith('checkout-')).length).toBeGreaterThan(8);
    expect(snippets.some((entry) => entry.snippet.includes('createCallbackHandler('))).toBe(true);
    expect(snippets.some((entry) => entry.snippet.includes('startSandbox('))).toBe(true);
    expect(firstSale?.snippet).toContain(NARROWED);
  });

  it('type-check against the generated client', async () => {
    work = await mkdtemp(join(tmpdir(), 'docs-samples-'));
    await mkdir(join(work, 'src'));
    await writeFile(join(work, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    const compilerOptions = {
      ...STRICT,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      noEmit: true,
      skipLibCheck: true,
      lib: ['ES2022', 'DOM'],
      paths: {
        '@payment-gateway/merchant-client': [join(PROJECT_ROOT, 'generated', 'client', 'src', 'index.ts')],
        '@payment-gateway/sandbox': [join(PROJECT_ROOT, 'generated', 'sandbox', 'src', 'index.ts')],
        '@payment-gateway/conformance': [join(PROJECT_ROOT, 'generated', 'conformance', 'src', 'index.ts')],
      },
    };
    await writeFile(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
    for (const { name, snippet } of snippets) await writeFile(join(work, 'src', `${name}.ts`), asModule(snippet));
    // The check can fail: the same follow-up without the narrowing must not compile.
    const unnarrowed = firstSale!.snippet.replace("if (response.result === 'SUCCESS') {", '{').replace('} else console.log(response);', '}');
    await writeFile(join(work, 'src', 'unnarrowed.ts'), asModule(unnarrowed));
    const tsc = join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: work, maxBuffer: 32 * 1024 * 1024 }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    const errors = result.split('\n').filter((line) => /error TS/.test(line));
    // `trans_id` is `string | undefined` until `result` is narrowed.
    expect(errors.some((line) => line.startsWith('src/unnarrowed.ts') && /undefined/.test(line))).toBe(true);
    expect(errors.filter((line) => !line.startsWith('src/unnarrowed.ts'))).toEqual([]);
  }, 180_000);
});
