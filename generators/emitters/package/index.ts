// Emitter: the publishable package around the generated client: package.json (recording the
// spec and generator versions), the entry point, the build config, and the hand-written runtime
// copied from templates/runtime. Templates are kept prettier-formatted (a test checks it), so
// their copies skip prettier.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SpecModel } from '../../model/spec-model.js';
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
    for (const name of (await readdir(join(root, 'templates', 'runtime'))).sort()) {
      if (!name.endsWith('.ts')) continue;
      const source = `templates/runtime/${name}`;
      files.push({ path: `client/src/runtime/${name}`, contents: await readFile(join(root, source), 'utf8'), kind: 'typescript', source, prettierStyle: true });
    }
    files.push({
      path: 'client/src/index.ts',
      contents: await readFile(join(root, 'templates/package/index.ts'), 'utf8'),
      kind: 'typescript',
      source: 'templates/package/index.ts',
      prettierStyle: true,
    });
    files.push({
      path: 'client/src/version.ts',
      contents: [
        `/** Version of the spec (info.version) this client was generated from. */`,
        `export const SPEC_VERSION = ${JSON.stringify(model.specVersion)};`,
        `/** Version of the generator toolchain that produced it. */`,
        `export const GENERATOR_VERSION = ${JSON.stringify(project.version)};`,
      ].join('\n'),
      kind: 'typescript',
      source: 'generators/emitters/package',
    });
    files.push({
      path: 'client/README.md',
      contents: await readFile(join(root, 'templates/package/README.md'), 'utf8'),
      kind: 'markdown',
      source: 'templates/package/README.md',
      prettierStyle: true,
    });
    files.push({
      path: 'client/tsconfig.build.json',
      contents: await readFile(join(root, 'templates/package/tsconfig.build.json'), 'utf8'),
      kind: 'json',
      source: 'templates/package/tsconfig.build.json',
    });
    const entry = (subpath: string) => ({ types: `./dist/${subpath}.d.ts`, import: `./dist/${subpath}.js` });
    const manifest = {
      name: project.clientPackage.name,
      version: project.clientPackage.version,
      description: `Typed client, validators and signatures for ${model.document.info.title} ${model.specVersion}.`,
      license: project.clientPackage.license,
      type: 'module',
      sideEffects: false,
      engines: { node: '>=20.3.0' },
      main: './dist/index.js',
      types: './dist/index.d.ts',
      exports: {
        '.': entry('index'),
        ...Object.fromEntries(Object.entries(SUBPATHS).map(([subpath, module]) => [`./${subpath}`, entry(module)])),
        './package.json': './package.json',
      },
      files: ['dist', 'README.md'],
      scripts: { build: 'tsc -p tsconfig.build.json', prepack: 'npm run build' },
      dependencies: Object.fromEntries(RUNTIME_DEPENDENCIES.map((name) => [name, project.devDependencies[name]])),
      'x-generated-from': { specVersion: model.specVersion, generatorVersion: project.version },
    };
    files.push({ path: 'client/package.json', contents: JSON.stringify(manifest, null, 2), kind: 'json', source: 'generators/emitters/package' });
    return files;
  },
};
