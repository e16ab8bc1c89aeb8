// The pipeline's shape: emitters are siblings over the model (no emitter imports another's code),
// and an emitter that needs another's output declares it in `dependsOn` and receives its files.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Emitter, GeneratedFile } from '../../generators/emitters/emitter.js';
import { bundleSpec } from '../../generators/model/load-spec.js';
import { EMITTERS, generate, withDependencies } from '../../generators/pipeline.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const EMITTERS_DIR = join(PROJECT_ROOT, 'generators', 'emitters');

/** Every relative import of every source file under generators/emitters/<name>/, resolved. */
function emitterImports(): { readonly emitter: string; readonly file: string; readonly target: string }[] {
  const found: { emitter: string; file: string; target: string }[] = [];
  for (const entry of readdirSync(EMITTERS_DIR, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|mts|mjs|js)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const emitter = relative(EMITTERS_DIR, file).split(sep)[0]!;
    if (emitter === entry.name) continue; // emitter.ts, the shape every emitter shares
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith('.')) found.push({ emitter, file: relative(PROJECT_ROOT, file), target: relative(PROJECT_ROOT, resolve(dirname(file), fileName)) });
    }
  }
  return found;
}

describe('emitters are siblings over the model', () => {
  it('no emitter imports a file of another emitter', () => {
    const imports = emitterImports();
    // The check reads real imports: every emitter imports at least the model or the emitter shape.
    expect(new Set(imports.map(({ emitter }) => emitter))).toEqual(new Set(EMITTERS.map((emitter) => emitter.name)));
    const crossing = imports.filter(({ emitter, target }) => {
      const [top, second, third] = target.split(sep);
      return top === 'generators' && second === 'emitters' && third !== emitter && third !== 'emitter.js';
    });
    expect(crossing.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });
});

const fake = (name: string, dependsOn?: readonly string[], emit?: Emitter['emit']): Emitter => ({
  name,
  ...(dependsOn ? { dependsOn } : {}),
  emit: emit ?? (async () => [{ path: `${name}.json`, contents: JSON.stringify({ name }), kind: 'json', source: 'test' }]),
});

describe('withDependencies', () => {
  const client = fake('client');
  const types = fake('types');
  const sandbox = fake('sandbox', ['client']);
  const docs = fake('docs', ['client', 'types']);
  it.each([
    { given: [client], want: ['client'] },
    { given: [sandbox], want: ['client', 'sandbox'] },
    { given: [docs, sandbox], want: ['client', 'types', 'docs', 'sandbox'] },
    { given: [sandbox, client], want: ['client', 'sandbox'] },
  ])('$want', ({ given, want }) => {
    expect(withDependencies(given, [client, types, sandbox, docs]).map((emitter) => emitter.name)).toEqual(want);
  });

  it('names a circle of dependencies', () => {
    expect(() => withDependencies([fake('a', ['b'])], [fake('b', ['a'])])).toThrow('Emitters depend on each other in a circle: a → b → a');
  });

  it('names a dependency that is not an emitter', () => {
    expect(() => withDependencies([fake('sandbox', ['clinet'])], [])).toThrow('Emitter sandbox depends on clinet, which is not an emitter');
  });
});

describe('generate() with dependsOn', () => {
  const rootFile = 'test/corpus/validators/code-points/openapi.yaml';
  const deploymentFile = 'test/corpus/no-deployment.yaml';

  it('runs the dependency first and hands its files to the dependent', async () => {
    const seen: string[] = [];
    const client = fake('client', undefined, async () => {
      await new Promise((done) => setTimeout(done, 20));
      seen.push('client');
      return [{ path: 'client.json', contents: '{"name":"client"}', kind: 'json', source: 'test' }];
    });
    const sandbox = fake('sandbox', ['client'], async (_model, context) => {
      seen.push('sandbox');
      const paths = context.filesOf('client').map((file: GeneratedFile) => file.path);
      return [{ path: 'sandbox.json', contents: JSON.stringify({ reads: paths }), kind: 'json', source: 'test' }];
    });
    const files = await generate({ projectRoot: PROJECT_ROOT, rootFile, deploymentFile, emitters: [sandbox, client] });
    expect(seen).toEqual(['client', 'sandbox']);
    expect(files.get('sandbox.json')).toContain('"reads": ["client.json"]');
  });

  it('refuses to hand over the files of an emitter not declared in dependsOn', async () => {
    const docs = fake('docs', [], async (_model, context) => context.filesOf('client'));
    await expect(generate({ projectRoot: PROJECT_ROOT, rootFile, deploymentFile, emitters: [fake('client'), docs] })).rejects.toThrow(
      'Emitter docs reads the files of client without declaring it in dependsOn',
    );
  });
});

describe('generate() with the spec check\'s verdict still to come', () => {
  const rootFile = 'test/corpus/validators/code-points/openapi.yaml';
  const bundle = async () => bundleSpec({ rootFile: join(PROJECT_ROOT, rootFile), redoclyConfig: join(PROJECT_ROOT, 'redocly.yaml') });
  const later = (settle: () => void) => new Promise<void>((done) => setTimeout(() => done(settle()), 30));
  const refusal = () => new Promise<void>((_, refuse) => setTimeout(() => refuse(new Error('the examples stage refuses the spec')), 30));

  it('returns no file before the verdict, and none when it refuses the spec', async () => {
    const events: string[] = [];
    const verdict = later(() => void events.push('verdict'));
    const files = await generate({ projectRoot: PROJECT_ROOT, rootFile, emitters: [fake('client')], bundle: async () => ({ ...(await bundle()), verdict }) });
    events.push('files');
    expect(events).toEqual(['verdict', 'files']);
    expect([...files.keys()]).toEqual(['client.json']);

    const refused = refusal();
    refused.catch(() => undefined);
    await expect(generate({ projectRoot: PROJECT_ROOT, rootFile, emitters: [fake('client')], bundle: async () => ({ ...(await bundle()), verdict: refused }) })).rejects.toThrow('the examples stage refuses the spec');
  });

  it('reports the refusal rather than what an emitter made of the refused spec', async () => {
    const refused = refusal();
    refused.catch(() => undefined);
    const broken = fake('client', undefined, async () => {
      throw new Error('an emitter stumbles on the bad example');
    });
    await expect(generate({ projectRoot: PROJECT_ROOT, rootFile, emitters: [broken], bundle: async () => ({ ...(await bundle()), verdict: refused }) })).rejects.toThrow('the examples stage refuses the spec');
  });
});
