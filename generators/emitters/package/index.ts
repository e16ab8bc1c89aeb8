// Emitter: the publishable package around the generated client: package.json (recording the
// spec and generator versions), the entry point, the build configs, and the hand-written runtime
// copied from templates/runtime. Templates are kept prettier-formatted (a test checks it), so
// their copies skip prettier.
//
// The package is dual, ESM and CommonJS (generators/shared/build-options.ts). Each subpath also
// gets a stub folder with main/types for resolvers that predate `exports` (TypeScript's node10).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderChangelog } from '../../model/releases.js';
import type { SpecModel } from '../../model/spec-model.js';
import { buildConfigs, buildScript, dualEntry } from '../../shared/build-options.js';
import { stringLiteral } from '../../shared/code-text.js';
import type { EmitContext, Emitter, GeneratedFile } from '../emitter.js';

/** The client package's dependencies: only the transport. */
const RUNTIME_DEPENDENCIES = ['openapi-fetch'];
/** Subpath → module. validators, types, methods and form-codec import nothing from Node: browser-safe. */
const SUBPATHS: Readonly<Record<string, string>> = {
  s2s: 's2s',
  checkout: 'checkout',
  callbacks: 'callbacks',
  validators: 'validators',
  types: 'types',
  methods: 'methods',
  'form-codec': 'runtime/form-codec',
};

export const packageEmitter: Emitter = {
  name: 'package',
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const root = context.projectRoot;
    const project = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string;
      devDependencies: Record<string, string>;
      clientPackage: { name: string; version: string; license: string };
    };
    const files: GeneratedFile[] = [];
    // The runtime, and the package's own modules over the generated ones (index, callback handler).
    for (const [folder, into] of [['templates/runtime', 'client/src/runtime'], ['templates/package', 'client/src']] as const) {
      for (const name of (await readdir(join(root, folder))).sort()) {
        if (!name.endsWith('.ts')) continue;
        const source = `${folder}/${name}`;
        files.push({ path: `${into}/${name}`, contents: await readFile(join(root, source), 'utf8'), kind: 'typescript', source });
      }
    }
    files.push({
      path: 'client/src/version.ts',
      contents: [
        `/** Version of the spec (info.version) this client was generated from. */`,
        `export const SPEC_VERSION = ${stringLiteral(model.specVersion)};`,
        `/** Version of the generator toolchain that produced it. */`,
        `export const GENERATOR_VERSION = ${stringLiteral(project.version)};`,
      ].join('\n'),
      kind: 'typescript',
      source: 'generators/emitters/package',
    });
    files.push({
      path: 'client/README.md',
      contents: await readFile(join(root, 'templates/package/README.md'), 'utf8'),
      kind: 'markdown',
      source: 'templates/package/README.md',
    });
    files.push({
      path: 'client/CHANGELOG.md',
      contents: renderChangelog(`Changelog: ${model.document.info.title}`, model.releases),
      kind: 'markdown',
      source: 'generators/emitters/package',
    });
    for (const { name, config } of await buildConfigs(root)) {
      files.push({ path: `client/${name}`, contents: JSON.stringify(config), kind: 'json', source: 'generators/shared/build-options.ts' });
    }
    for (const [subpath, module] of Object.entries(SUBPATHS)) {
      const stub = { main: `../dist/cjs/${module}.js`, module: `../dist/${module}.js`, types: `../dist/cjs/${module}.d.ts` };
      files.push({ path: `client/${subpath}/package.json`, contents: JSON.stringify(stub), kind: 'json', source: 'generators/emitters/package' });
    }
    const manifest = {
      name: project.clientPackage.name,
      version: project.clientPackage.version,
      description: `Typed client, validators and signatures for ${model.document.info.title} ${model.specVersion}.`,
      license: project.clientPackage.license,
      type: 'module',
      sideEffects: false,
      engines: { node: '>=20.3.0' },
      main: './dist/cjs/index.js',
      module: './dist/index.js',
      types: './dist/cjs/index.d.ts',
      exports: {
        '.': dualEntry('index'),
        ...Object.fromEntries(Object.entries(SUBPATHS).map(([subpath, module]) => [`./${subpath}`, dualEntry(module)])),
        './package.json': './package.json',
      },
      files: ['dist', 'README.md', 'CHANGELOG.md', ...Object.keys(SUBPATHS)],
      scripts: {
        build: buildScript(),
        prepack: 'npm run build',
      },
      dependencies: Object.fromEntries(RUNTIME_DEPENDENCIES.map((name) => [name, project.devDependencies[name]])),
      'x-generated-from': { specVersion: model.specVersion, generatorVersion: project.version },
    };
    files.push({ path: 'client/package.json', contents: JSON.stringify(manifest, null, 2), kind: 'json', source: 'generators/emitters/package' });
    return files;
  },
};
