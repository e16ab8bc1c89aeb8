// The Limits page against the interface document: a row for every row of the document's Limits
// table, in its order, and every number the document gives in a row's value is in the page's
// row (or the table the row points to), as rendered from the spec.
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { readInterfaceDocument } from '../support/outside-inputs.js';

/** The rows of a Markdown table as cells, header and rule dropped. */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((match) => match[0]);

describe('the Limits page and the document', () => {
  const documentText = readInterfaceDocument();
  const section = documentText.slice(documentText.indexOf('\n## Limits\n'), documentText.indexOf('\n## Versioning\n'));
  const wanted = tableRows(section.slice(0, section.indexOf('\n\n', section.indexOf('| Limit |'))));
  const page = docsPages().find((candidate) => candidate.path === 'guide/limits.md')!.text;
  const firstTable = page.slice(page.indexOf('| Limit |'));
  const shown = tableRows(firstTable.slice(0, firstTable.indexOf('\n\n')));

  it('has every row of the document, in its order', () => {
    expect(wanted.length).toBeGreaterThanOrEqual(16);
    expect(shown.map((row) => row[0])).toEqual(wanted.map((row) => row[0]));
  });

  it.each(wanted.map((row) => [row[0]!, row[2]!] as const))('%s: the document\'s numbers are on the page', (limit, value) => {
    const row = shown.find((candidate) => candidate[0] === limit)!;
    // A row whose value is a table below ("listed below") carries its numbers there.
    const below = page.slice(page.indexOf(`### ${limit}`));
    const text = `${row[2]} ${row[2]!.includes('below') ? below.slice(0, below.indexOf('\n\n', below.indexOf('|'))) : ''}`;
    const missing = numbers(value).filter((number) => !numbers(text).includes(number));
    expect(missing).toEqual([]);
  });
});
