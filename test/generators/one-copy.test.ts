// One copy of each module: a test that imports a generated copy of a template gets the very
// module the template is (same exports, same classes), and the template's imports of generated
// modules resolve where it is copied. So `instanceof` holds across the two import paths, and a
// test exercises the file people edit.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateCopies } from '../support/one-copy.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const { copyOf } = templateCopies(PROJECT_ROOT);

describe('the test run', () => {
  it('finds a copy for every template of the client runtime, the client package and the sandbox', () => {
    const templates = [...copyOf.keys()].map((path) => relative(PROJECT_ROOT, path));
    for (const folder of ['templates/runtime/', 'templates/package/', 'templates/sandbox/']) {
      expect(templates.some((path) => path.startsWith(folder)), folder).toBe(true);
    }
  });

  it('loads every generated copy as its template: one module, not two', async () => {
    for (const [template, copy] of copyOf) {
      if (copy.endsWith('/cli.ts')) continue; // a command line: importing it starts a sandbox
      if (copy.includes('/.vitepress/')) continue; // the docs theme runs in the browser, built by VitePress
      const [fromTemplate, fromCopy] = [await import(template), await import(copy)];
      expect(fromCopy, relative(PROJECT_ROOT, copy)).toBe(fromTemplate);
    }
  });

  it('gives the package name, the generated entry point and the runtime one class each', async () => {
    const byName = await import('@payment-gateway/merchant-client');
    const generated = await import('../../generated/client/src/index.js');
    const runtime = await import('../../templates/runtime/errors.js');
    expect(byName.GatewayError).toBe(runtime.GatewayError);
    expect(generated.GatewayError).toBe(runtime.GatewayError);
  });
});
