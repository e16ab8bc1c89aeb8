// Emitter: the publishable package around the generated client: package.json (recording the
// spec and generator versions), the entry point, the build configs, and the hand-written runtime
// copied from templates/runtime: the modules the package's code reaches, so a format checker the
// spec never uses (duration, hostname, ...) stays out of the package. Templates are kept prettier-formatted (a test checks it), so
// their copies skip prettier.
//
// The package is dual, ESM and CommonJS (generators/shared/build-options.ts). Each subpath also
// gets a stub folder with main/types for resolvers that predate `exports` (TypeScript's node10).
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { packageReleases, renderPackageChangelog } from '../../model/package-releases.js';
import { renderChangelog } from '../../model/releases.js';
import type { SpecModel } from '../../model/spec-model.js';
import { buildConfigs, buildScript, dualPackageFields } from '../../shared/build-options.js';
import { exportedConst, stringLiteral } from '../../shared/code-text.js';
import { moduleSpecifiers } from '../../shared/module-imports.js';
import { type EmitContext, type Emitter, type GeneratedFile, withoutFieldProse } from '../emitter.js';

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

/**
 * The emitters that write the client's generated modules that import others (client/src): the
 * schema emitter's schema.ts imports nothing, so the package does not wait for openapi-typescript.
 */
const CODE_EMITTERS = ['client', 'validators', 'types'];

/** A TypeScript module's relative imports (type-only and dynamic ones too), as paths next to `path`. */
function relativeImports(path: string, contents: string): string[] {
  return moduleSpecifiers(path, contents)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => posix.join(posix.dirname(path), specifier).replace(/\.js$/, '.ts'));
}

/** The runtime templates (client/src/runtime/…) that `roots` import, directly or through each other. */
function reachedRuntime(roots: readonly GeneratedFile[], runtime: ReadonlyMap<string, GeneratedFile>): GeneratedFile[] {
  const reached = new Map<string, GeneratedFile>();
  const visit = (file: GeneratedFile): void => {
    for (const path of relativeImports(file.path, file.contents)) {
      const module = runtime.get(path);
      if (module && !reached.has(path)) {
        reached.set(path, module);
        visit(module);
      }
    }
  };
  roots.forEach(visit);
  return [...reached.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export const packageEmitter: Emitter = withoutFieldProse({
  name: 'package',
  dependsOn: CODE_EMITTERS,
  async emit(model: SpecModel, context: EmitContext): Promise<readonly GeneratedFile[]> {
    const root = context.projectRoot;
    const project = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      version: string;
      devDependencies: Record<string, string>;
      clientPackage: { name: string; version: string; license: string };
    };
    const templates = async (folder: string, into: string): Promise<GeneratedFile[]> => {
      const names = (await readdir(join(root, folder))).filter((name) => name.endsWith('.ts')).sort();
      return Promise.all(
        names.map(async (name) => ({ path: `${into}/${name}`, contents: await readFile(join(root, folder, name), 'utf8'), kind: 'typescript' as const, source: `${folder}/${name}` })),
      );
    };
    // The package's own modules over the generated ones (index, callback handler), and the runtime they and the generated code reach.
    const own = await templates('templates/package', 'client/src');
    const runtime = new Map((await templates('templates/runtime', 'client/src/runtime')).map((file) => [file.path, file]));
    const generated = CODE_EMITTERS.flatMap((name) => context.filesOf(name)).filter((file) => file.kind === 'typescript' && file.path.startsWith('client/src/'));
    const files: GeneratedFile[] = [...reachedRuntime([...own, ...generated], runtime), ...own];
    const constant = (name: string, doc: string, value: string) => exportedConst({ name, doc, initializer: stringLiteral(value) });
    const version = [
      constant('SPEC_VERSION', 'Version of the spec (info.version) this client was generated from.', model.specVersion),
      constant('PACKAGE_VERSION', "This package's own version (semantic versioning by the breaking-change gate), beside the interface's.", project.clientPackage.version),
      constant('GENERATOR_VERSION', 'Version of the generator toolchain that produced it.', project.version),
    ];
    files.push({ path: 'client/src/version.ts', contents: `${version.join('\n')}\n`, kind: 'typescript', source: 'generators/emitters/package' });
    files.push({
      path: 'client/README.md',
      contents: await readFile(join(root, 'templates/package/README.md'), 'utf8'),
      kind: 'markdown',
      source: 'templates/package/README.md',
      // A template, kept prettier-formatted.
      laidOut: true,
    });
    files.push({
      path: 'client/CHANGELOG.md',
      contents: renderPackageChangelog(project.clientPackage.name, packageReleases(root), renderChangelog(model.document.info.title, model.releases)),
      kind: 'markdown',
      source: 'generators/emitters/package',
      // Written as prettier prints it (test/generators/layout.test.ts): prettier's pass over its
      // quarter-megabyte was the longest step of a generation.
      laidOut: true,
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
      sideEffects: false,
      ...dualPackageFields(SUBPATHS),
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
});
