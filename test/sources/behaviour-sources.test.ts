// The behaviour data the sandbox plays and the docs render (the state table, the test data, the
// callback delivery rules) refuses moves, picks outcomes and blocks URLs, so each entry quotes its
// source verbatim in the YAML comment above it: this test finds every quote in the interface
// document or the public facts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERFACE_DOCUMENT, PLATFORM_FACTS } from '../support/outside-inputs.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SOURCES = [INTERFACE_DOCUMENT, PLATFORM_FACTS];
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each list item (or `x-delivery`) with the comment block above it (shared by the items that follow it). */
function commentedEntries(file: string, item: RegExp): { line: string; comment: string }[] {
  const entries: { line: string; comment: string }[] = [];
  let block: string[] = [];
  let current = '';
  for (const line of readFileSync(join(PROJECT_ROOT, file), 'utf8').split('\n')) {
    const comment = /^\s*#(.*)$/.exec(line);
    if (comment) block.push(comment[1]!);
    else {
      if (block.length > 0) current = collapse(block.join(' '));
      block = [];
      if (item.test(line)) entries.push({ line: line.trim(), comment: current });
    }
  }
  return entries;
}

/** The quoted passages of a comment: every stretch between two double quotes, longest first. */
function quotes(comment: string): string[] {
  const marks = [...comment.matchAll(/"/g)].map((match) => match.index!);
  const found: string[] = [];
  for (let i = 0; i < marks.length; i++)
    for (let j = i + 1; j < marks.length; j++) found.push(comment.slice(marks[i]! + 1, marks[j]!));
  return found.filter((quote) => quote.length >= 15).sort((a, b) => b.length - a.length);
}

describe('behaviour data quotes its source', () => {
  const text = () => collapse(SOURCES.map((file) => readFileSync(file, 'utf8')).join('\n'));
  const entries = [
    ...commentedEntries('spec/states.yaml', /^- /).map((entry) => ({ file: 'spec/states.yaml', ...entry })),
    ...commentedEntries('spec/test-data.yaml', /^ {2}- /).map((entry) => ({ file: 'spec/test-data.yaml', ...entry })),
    // What a lookup reports after a partial refund (the CREDITVOID request's description).
    ...commentedEntries('spec/s2s/actions/creditvoid.yaml', /^ {2}description:/)
      .slice(0, 1)
      .map((entry) => ({ file: 'spec/s2s/actions/creditvoid.yaml', ...entry })),
    // The currency table's exceptions to ISO 4217 (the overrides that follow the comment).
    ...commentedEntries('spec/currencies.yaml', /^overrides:/).map((entry) => ({ file: 'spec/currencies.yaml', ...entry })),
    ...commentedEntries('spec/webhooks/schemas.yaml', /^ {2}x-delivery:/).map((entry) => ({
      file: 'spec/webhooks/schemas.yaml',
      ...entry,
    })),
  ];

  it('finds the entries', () => {
    expect(entries.filter((entry) => entry.file === 'spec/states.yaml').length).toBeGreaterThan(10);
    expect(entries.filter((entry) => entry.file === 'spec/webhooks/schemas.yaml')).toHaveLength(1);
  });

  it.each(entries)('$file: $line', ({ comment }) => {
    const sources = text();
    const found = quotes(comment).filter((quote) => sources.includes(collapse(quote)));
    expect(found, `no quote of the document or the facts in: ${comment}`).not.toHaveLength(0);
  });
});
