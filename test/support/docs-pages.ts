// The generated docs pages (generated/docs/**/*.md) and the samples they mark for the tests:
// `<!-- wire: Schema -->`, `<!-- json: Schema -->` and `<!-- signature: CONSTANT -->` before a block.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECT_ROOT } from './spec-examples.js';

export const DOCS_DIR = join(PROJECT_ROOT, 'generated', 'docs');

export interface DocsPage {
  readonly path: string;
  readonly text: string;
}

export function docsPages(): DocsPage[] {
  return readdirSync(DOCS_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ path: relative(DOCS_DIR, file), text: readFileSync(file, 'utf8') }));
}

/** Every file of the site's sources (pages, config, theme, public files), as text. */
export function docsSiteFiles(): DocsPage[] {
  return readdirSync(DOCS_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(md|mts|ts|css|svg)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ path: relative(DOCS_DIR, file), text: readFileSync(file, 'utf8') }));
}

export interface MarkedSample {
  readonly page: string;
  readonly kind: 'wire' | 'json' | 'signature';
  readonly name: string;
  readonly body: string;
}

export function markedSamples(pages: readonly DocsPage[] = docsPages()): MarkedSample[] {
  return pages.flatMap((page) =>
    [...page.text.matchAll(/<!-- (wire|json|signature): (\S+) -->\s*```[a-z]*\n([\s\S]*?)\n```/g)].map((match) => ({
      page: page.path,
      kind: match[1] as MarkedSample['kind'],
      name: match[2]!,
      body: match[3]!,
    })),
  );
}

export interface FieldMark {
  readonly style: 'form' | 'json';
  readonly path: string;
  readonly need: 'required' | 'conditional' | 'optional';
}

/** The need marks of a page's field lists (`<!-- fields: form -->` before each list). */
export function fieldMarks(page: DocsPage): FieldMark[] {
  return [...page.text.matchAll(/<!-- fields: (form|json) -->\s*<div class="field-list">\n([\s\S]*?)\n<\/div>/g)].flatMap((list) =>
    [...list[2]!.matchAll(/^- \*\*`([^`]+)`\*\* <span class="field-type">.*?<\/span> <span class="field-need need-(\w+)">/gm)].map((item) => ({
      style: list[1] as FieldMark['style'],
      path: item[1]!,
      need: item[2] as FieldMark['need'],
    })),
  );
}
