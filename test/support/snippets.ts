// Code samples in Markdown (the package README, the docs pages) and the strict compiler settings
// they are type-checked under, shared by the tests that type-check them.
import { join } from 'node:path';
import { PROJECT_ROOT } from './spec-examples.js';

/** The fenced blocks of a language in a Markdown text. */
export function fencedBlocks(markdown: string, language: string): string[] {
  // A block may be labelled as a tab of a code group: ```ts [TypeScript]
  return [...markdown.matchAll(new RegExp('^```' + language + '(?: \\[[^\\]\n]*\\])?\\n([\\s\\S]*?)^```', 'gm'))].map((match) => match[1]!);
}

/** The compiler settings a strict merchant project uses. */
export const STRICT = {
  target: 'ES2022',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  outDir: 'dist',
  typeRoots: [join(PROJECT_ROOT, 'node_modules', '@types')],
  types: ['node'],
};

/** A snippet as a module of its own (a snippet without exports would share one global scope). */
export function asModule(snippet: string): string {
  return snippet.includes('export ') ? snippet : `${snippet}\nexport {};\n`;
}
