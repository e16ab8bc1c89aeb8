// What a module imports, as the package emitter reads it to ship the runtime modules the package's
// code reaches (generators/shared/module-imports.ts), against TypeScript's own pre-processor: on a
// table of the forms a module can take, and on every TypeScript source the project writes or copies.
// The root tsconfig.json's options, as the package builds take them over, against the compiler's
// reading of the same file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkingOptions } from '../../generators/shared/build-options.js';
import { moduleSpecifiers } from '../../generators/shared/module-imports.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

/** TypeScript's answer: the specifiers its pre-processor finds (imports, re-exports, `import()`), each once. */
const compilerSpecifiers = (contents: string): string[] => [...new Set(ts.preProcessFile(contents, true, true).importedFiles.map((file) => file.fileName))];

describe('moduleSpecifiers', () => {
  it.each([
    { given: "import { a } from './a.js';\nimport type { B } from '../b.js';", want: ['./a.js', '../b.js'] },
    { given: "export type { C } from './c.js';\nexport * from './d.js';\nexport { e as f } from './e.js';", want: ['./c.js', './d.js', './e.js'] },
    { given: "import './side-effect.js';\nconst lazy = () => import('./lazy.js');", want: ['./side-effect.js', './lazy.js'] },
    { given: "const name = './computed.js';\nawait import(name);\nconsole.log(import.meta.url);", want: [] },
    { given: "// import { x } from './commented.js';\n/* export * from './block.js'; */\nconst text = \"import { y } from './quoted.js'\";", want: [] },
    { given: "const quote = /['\"]/;\nconst slash = 4 / 2;\nimport { z } from './after-a-regex.js';", want: ['./after-a-regex.js'] },
    { given: "import { a } from './twice.js';\nimport type { B } from './twice.js';\nimport fetch from 'openapi-fetch';", want: ['./twice.js', 'openapi-fetch'] },
    { given: "const t = `${'{'} ${`import '${x}' from`} }`;\nexport { t };\nimport { u } from './after-a-template.js';", want: ['./after-a-template.js'] },
    { given: "const slash = /[/'\"]\\//g;\nconst half = (a + b) / 2 / c;\nimport z = require('./required.js');", want: ['./required.js'] },
    { given: "const obj = { import: 'x', from: './not-an-import.js' };\nobj.import('./a-method.js');\nexport * from './star.js';", want: ['./star.js'] },
    { given: "import from from './default-named-from.js';\nexport { from } from './named-from.js';", want: ['./default-named-from.js', './named-from.js'] },
    { given: "const t = `a${`b${c({ d: 1 })}`}e`;\nconst r = x / 2 /* import './commented.js' */ / 3;\nexport * from './after-nesting.js';", want: ['./after-nesting.js'] },
  ])('$want', ({ given, want }) => {
    expect(moduleSpecifiers('given.ts', given)).toEqual(want);
    expect(compilerSpecifiers(given)).toEqual(want);
  });

  it('names the file of a module it cannot read', () => {
    expect(() => moduleSpecifiers('templates/runtime/broken.ts', "import { a } from './a.js';\nconst text = 'never closed;\n")).toThrow(/^templates\/runtime\/broken\.ts: a string at offset \d+ never ends$/);
  });

  // Every .ts source of templates/ and of the generated packages' src/: the same specifiers as the compiler finds.
  const sources = ['templates', 'generated/client/src', 'generated/sandbox/src', 'generated/conformance/src'].flatMap((folder) =>
    readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
      .map((path) => relative(PROJECT_ROOT, join(PROJECT_ROOT, folder, path))),
  );

  it('reads every TypeScript source of the project as the compiler does', () => {
    expect(sources.length).toBeGreaterThan(200);
    const differing: string[] = [];
    for (const path of sources) {
      const contents = readFileSync(join(PROJECT_ROOT, path), 'utf8');
      const ours = moduleSpecifiers(path, contents);
      const theirs = compilerSpecifiers(contents);
      if (JSON.stringify([...ours].sort()) !== JSON.stringify([...theirs].sort())) differing.push(`${path}: ${ours.join(', ')} | compiler: ${theirs.join(', ')}`);
    }
    expect(differing).toEqual([]);
  });
});

describe('checkingOptions', () => {
  it("are the root tsconfig.json's compiler options as the compiler reads them, less the repository's own", async () => {
    const path = join(PROJECT_ROOT, 'tsconfig.json');
    const { config } = ts.parseConfigFileTextToJson(path, await readFile(path, 'utf8'));
    const options = (config as { compilerOptions: Record<string, unknown> }).compilerOptions;
    const ours = await checkingOptions(PROJECT_ROOT);
    expect(ours).toEqual(Object.fromEntries(Object.entries(options).filter(([name]) => name in ours)));
    // What is left out describes this repository's type check, not a package build.
    expect(Object.keys(options).filter((name) => !(name in ours)).sort()).toEqual(['allowJs', 'noEmit', 'paths', 'resolveJsonModule', 'rootDirs']);
  });

  it('take comments and trailing commas, and name the line and column of a mistake', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'checking-options-'));
    try {
      await writeFile(join(dir, 'tsconfig.json'), '// why\n{\n  "compilerOptions": {\n    "strict": true, // always\n  },\n}\n');
      expect(await checkingOptions(dir)).toEqual({ strict: true });
      await writeFile(join(dir, 'tsconfig.json'), '{\n  "compilerOptions": {\n    "strict": true\n    "noEmit": true\n  }\n}\n');
      await expect(checkingOptions(dir)).rejects.toThrow('tsconfig.json:4:5: CommaExpected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
