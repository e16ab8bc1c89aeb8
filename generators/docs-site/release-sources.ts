// A recorded release's site sources, generated from its bundle by today's emitters, laid out as
// generated/ is (`docs/`, the validators the Try-it panels run in `client/src/`, `openapi.yaml`),
// so the docs config builds it as it builds the project's own. The pages say what the release
// described and nothing newer; the theme is today's, so every release has the switcher.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundleEmitter } from '../emitters/bundle/index.js';
import { docsEmitter } from '../emitters/docs/index.js';
import type { EmitContext, GeneratedFile } from '../emitters/emitter.js';
import { validatorsEmitter } from '../emitters/validators/index.js';
import { loadSpec } from '../model/load-spec.js';
import { buildSpecModel, type SpecModel } from '../model/spec-model.js';
import type { RecordedRelease } from './releases.js';

/** The generated package manifests the docs emitter reads the packages' names from, at `version`. */
export function releaseManifests(projectRoot: string, version: string): ReadonlyMap<string, GeneratedFile> {
  const manifest = (path: string): GeneratedFile => {
    const current = JSON.parse(readFileSync(join(projectRoot, 'generated', path), 'utf8')) as Record<string, unknown>;
    return { path, contents: JSON.stringify({ ...current, version }), kind: 'json', source: 'generators/docs-site' };
  };
  return new Map([
    ['package', manifest('client/package.json')],
    ['sandbox', manifest('sandbox/package.json')],
  ]);
}

/** A release's model: its bundle with its deployment settings (today's when it recorded none). */
export async function releaseModel(projectRoot: string, release: RecordedRelease): Promise<SpecModel> {
  const spec = await loadSpec({
    rootFile: release.bundle,
    redoclyConfig: join(projectRoot, 'redocly.yaml'),
    deploymentFile: release.deployment ?? join(projectRoot, 'spec', 'deployment.yaml'),
  });
  return buildSpecModel(spec.document, ['spec/openapi.yaml']);
}

/** Writes the release's site sources into `into/generated/`. */
export async function writeReleaseSources(projectRoot: string, release: RecordedRelease, into: string): Promise<void> {
  const model = await releaseModel(projectRoot, release);
  const manifests = releaseManifests(projectRoot, release.version);
  const scratchDir = await mkdtemp(join(tmpdir(), 'release-sources-'));
  try {
    const context: EmitContext = {
      projectRoot,
      scratchDir,
      filesOf: (name) => {
        const manifest = manifests.get(name);
        if (!manifest) throw new Error(`The docs of release ${release.version}: no ${name} files`);
        return [manifest];
      },
    };
    const files = (await Promise.all([docsEmitter, validatorsEmitter, bundleEmitter].map((emitter) => emitter.emit(model, context)))).flat();
    for (const file of files) {
      const target = join(into, 'generated', file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.contents);
    }
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
  // The validators import the hand-written runtime the client package copies beside them.
  symlinkSync(join(projectRoot, 'templates', 'runtime'), join(into, 'generated', 'client', 'src', 'runtime'), 'dir');
}
