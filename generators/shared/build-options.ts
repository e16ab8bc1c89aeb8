// How a generated package builds: dual, ESM into dist/ and CommonJS into dist/cjs/ (marked by its
// own package.json), because the engines range starts below Node 20.19, where require(esm) is not
// available unflagged, and Jest and NestJS set-ups are often CommonJS. Both builds take the
// checking options of the root tsconfig.json (strict, exactOptionalPropertyTypes,
// noUncheckedIndexedAccess, ...), the ones `npm run check` holds the hand-written code to: one
// source, so a package never builds looser than its code is checked.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Root options that describe this repository's type check, not a package's build. */
const REPOSITORY_ONLY: ReadonlySet<string> = new Set(['noEmit', 'paths', 'rootDirs', 'resolveJsonModule', 'allowJs']);

/**
 * The root tsconfig.json's compiler options a package build takes over. Read as TypeScript reads
 * it, JSON with comments and trailing commas, by jsonc-parser (the reader VS Code's own settings go
 * through): loading the compiler for one file's text cost 0.7 s of a regeneration.
 */
export async function checkingOptions(projectRoot: string): Promise<Record<string, unknown>> {
  const path = join(projectRoot, 'tsconfig.json');
  const text = await readFile(path, 'utf8');
  const errors: ParseError[] = [];
  const config = parse(text, errors, { allowTrailingComma: true }) as { compilerOptions?: Record<string, unknown> } | undefined;
  const error = errors[0];
  if (error) {
    const before = text.slice(0, error.offset).split('\n');
    throw new Error(`tsconfig.json:${before.length}:${before.at(-1)!.length + 1}: ${printParseErrorCode(error.error)}`);
  }
  if (typeof config?.compilerOptions !== 'object' || config.compilerOptions === null) throw new Error('tsconfig.json: compilerOptions must be an object');
  return Object.fromEntries(Object.entries(config.compilerOptions).filter(([name]) => !REPOSITORY_ONLY.has(name)));
}

/** The package's two tsconfigs, by file name. */
export async function buildConfigs(projectRoot: string): Promise<ReadonlyArray<{ readonly name: string; readonly config: object }>> {
  return [
    {
      name: 'tsconfig.build.json',
      config: {
        compilerOptions: { ...(await checkingOptions(projectRoot)), declaration: true, declarationMap: false, sourceMap: false, rootDir: 'src', outDir: 'dist' },
        include: ['src'],
      },
    },
    // esModuleInterop: a default import of a CommonJS dependency (qrcode) gets its module.exports, as under NodeNext.
    // The CommonJS pass emits JavaScript only, unchecked: the ESM pass has checked the same sources
    // with the same options, and its declarations are the CommonJS ones too (the build copies them).
    {
      name: 'tsconfig.cjs.json',
      config: { extends: './tsconfig.build.json', compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10', esModuleInterop: true, outDir: 'dist/cjs', noCheck: true, declaration: false } },
    },
  ];
}

/**
 * The build script: a clean dist/ (tsc leaves the output of a module that no longer exists, and
 * npm pack would ship it), both builds, then the CommonJS folder's declarations (the ESM build's,
 * the same text: under dist/cjs/ its package.json makes them CommonJS) and that package.json (and
 * any steps the package adds).
 */
export function buildScript(...after: readonly string[]): string {
  return [
    `node -e "require('node:fs').rmSync('dist', { recursive: true, force: true })"`,
    'tsc -p tsconfig.build.json',
    'tsc -p tsconfig.cjs.json',
    `node -e "${COMMONJS_FOLDER}"`,
    ...after,
  ].join(' && ');
}

/** Copies dist/'s declarations into dist/cjs/ and marks that folder CommonJS (a script for `node -e`, in double quotes). */
const COMMONJS_FOLDER = [
  `const fs = require('node:fs'), path = require('node:path');`,
  `for (const file of fs.readdirSync('dist', { recursive: true })) {`,
  `if (!file.endsWith('.d.ts') || file.split(path.sep)[0] === 'cjs') continue;`,
  `fs.mkdirSync(path.dirname(path.join('dist/cjs', file)), { recursive: true });`,
  `fs.copyFileSync(path.join('dist', file), path.join('dist/cjs', file));`,
  `}`,
  `fs.writeFileSync('dist/cjs/package.json', JSON.stringify({ type: 'commonjs' }));`,
].join(' ');

/** An `exports` entry of a dual package: the module's ESM build for import, its CommonJS build for require. */
export function dualEntry(module: string): object {
  return {
    import: { types: `./dist/${module}.d.ts`, default: `./dist/${module}.js` },
    require: { types: `./dist/cjs/${module}.d.ts`, default: `./dist/cjs/${module}.js` },
  };
}

/**
 * The fields of a generated package's manifest that say how it is consumed: an ES module with a
 * CommonJS build of `index` (and of each subpath: folder name → module), for Node 20.3 and later.
 */
export function dualPackageFields(subpaths: Readonly<Record<string, string>> = {}) {
  return {
    type: 'module',
    engines: { node: '>=20.3.0' },
    main: './dist/cjs/index.js',
    module: './dist/index.js',
    types: './dist/cjs/index.d.ts',
    exports: {
      '.': dualEntry('index'),
      ...Object.fromEntries(Object.entries(subpaths).map(([subpath, module]) => [`./${subpath}`, dualEntry(module)])),
      './package.json': './package.json',
    },
  };
}
