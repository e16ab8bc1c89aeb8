// Emitter: generated/docs/index.html, the reference site. Redocly's build-docs with
// --inlineBundle, so the page renders fully offline (without it, it loads Redoc from a CDN).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { methodCatalogue, type MethodEntry } from '../../model/method-catalogue.js';
import type { SpecModel } from '../../model/spec-model.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';

const run = promisify(execFile);

export const docsEmitter: Emitter = {
  name: 'docs',
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    // JSON, not YAML: Redocly reads either, and JSON is written twenty times faster.
    const input = join(context.scratchDir, 'docs-input.json');
    const output = join(context.scratchDir, 'docs.html');
    // Synchronous up to the spawn, so Redocly runs in parallel with the other emitters' CPU work.
    writeFileSync(input, JSON.stringify(withCatalogue(model)));
    const cli = join(context.projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    await run(process.execPath, [cli, 'build-docs', input, '--inlineBundle', '--openapi.showExtensions=true', '-o', output, '--title', model.document.info.title], {
      cwd: context.projectRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const html = await readFile(output, 'utf8');
    return [{ path: 'docs/index.html', contents: html, kind: 'html', source: 'generators/emitters/docs (redocly build-docs)' }];
  },
};

/** The payment-method catalogue (from `x-method`) as a section of the page's introduction. */
function withCatalogue(model: SpecModel): SpecModel['document'] {
  const methods = methodCatalogue(model);
  if (methods.length === 0) return model.document;
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  // Four narrow columns: the page's middle panel is narrow; notes live in the schema descriptions.
  const row = (method: MethodEntry) =>
    `| **${cell(method.title)}**<br>${cell(method.label)} | ${method.brand ? `\`${method.brand}\`` : '(Checkout only)'} | ${method.protocols.join(', ')} | ${[...method.completion, ...(method.currencies ?? [])].join(', ')} |`;
  const table = [
    '## Payment methods',
    '',
    'Every method of the interface, from the `x-method` metadata of its parameter schema. Neutral labels (`<kind_n>`) stand for identifiers agreed with the operator; `brand` shows the value this build sends (spec/deployment.yaml sets the real ones).',
    '',
    '| Method | `brand` | Protocols | Completion, currencies |',
    '|---|---|---|---|',
    ...methods.map(row),
  ].join('\n');
  const info = model.document.info as { title: string; version: string; description?: string };
  return { ...model.document, info: { ...info, description: `${info.description ?? ''}\n\n${table}\n` } as typeof info };
}
