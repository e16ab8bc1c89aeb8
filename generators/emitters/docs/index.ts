// Emitter: generated/docs/index.html, the reference site. Redocly's build-docs with
// --inlineBundle, so the page renders fully offline (without it, it loads Redoc from a CDN).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import type { SpecModel } from '../../model/spec-model.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';

const run = promisify(execFile);

export const docsEmitter: Emitter = {
  name: 'docs',
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const input = join(context.scratchDir, 'docs-input.yaml');
    const output = join(context.scratchDir, 'docs.html');
    // Synchronous up to the spawn, so Redocly runs in parallel with the other emitters' CPU work.
    writeFileSync(input, stringify(model.document, { lineWidth: 0, aliasDuplicateObjects: false }));
    const cli = join(context.projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    await run(process.execPath, [cli, 'build-docs', input, '--inlineBundle', '-o', output, '--title', model.document.info.title], {
      cwd: context.projectRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const html = await readFile(output, 'utf8');
    return [{ path: 'docs/index.html', contents: html, kind: 'html', source: 'generators/emitters/docs (redocly build-docs)' }];
  },
};
