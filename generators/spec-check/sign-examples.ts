// `npm run spec:sign-examples`: writes into the spec files the `hash` of every example whose hash
// is not what its recipe gives under the example password (the spec check's example-hashes
// problems), in place: only the hash's text changes, comments and layout stay. It signs only a
// spec that passes every other check, since a hash over a body that is wrong would be wrong too.
import { readFileSync, writeFileSync } from 'node:fs';
import { isScalar, parseDocument } from 'yaml';
import { TOOLCHAIN_ROOT } from '../locations.js';
import { parseCommandLine } from '../shared/command-line.js';
import { checkSpec, conflictMessage, exampleHashFixes, type HashFix } from './check.js';
import { formatProblem } from './problem.js';

const USAGE = `usage: npm run spec:sign-examples

Recomputes the hash of every example in spec/ that carries one, from its body, with its
recipe (x-signature) and the example password, and writes the ones that differ into the spec
files (nothing else in them changes). Refuses while the spec check has another error.`;

const HASH_RULE = 'spec-check/example-hashes';

/** Rewrites each fix's hash in its file; returns a line per hash written. */
export function writeHashes(fixes: readonly HashFix[]): string[] {
  const written: string[] = [];
  const byFile = new Map<string, HashFix[]>();
  for (const fix of fixes) byFile.set(fix.place.absoluteFile, [...(byFile.get(fix.place.absoluteFile) ?? []), fix]);
  for (const [file, inFile] of byFile) {
    let text = readFileSync(file, 'utf8');
    const document = parseDocument(text, { keepSourceTokens: false });
    const edits = new Map<number, { end: number; want: string; fix: HashFix }>();
    for (const fix of inFile) {
      const node = document.getIn(fix.place.pointer, true);
      if (!isScalar(node) || !node.range) throw new Error(`${fix.place.file}:${fix.place.line}: the hash of example ${fix.example.key} is not a plain value`);
      const [start, end] = node.range;
      edits.set(start, { end, want: fix.want, fix });
    }
    // From the end, so each edit's offsets stay right.
    for (const [start, { end, want, fix }] of [...edits].sort(([a], [b]) => b - a)) {
      const old = text.slice(start, end);
      const quote = /^['"]/.test(old) ? old[0]! : '';
      text = `${text.slice(0, start)}${quote}${want}${quote}${text.slice(end)}`;
      written.push(`${fix.place.file}:${fix.place.line}:${fix.place.col}: example ${fix.example.key} (${fix.example.title}): hash ${String(fix.example.value['hash'])} → ${want}`);
    }
    writeFileSync(file, text);
  }
  return written;
}

async function main(): Promise<void> {
  parseCommandLine({ usage: USAGE, options: {} });
  const check = await checkSpec({ projectRoot: TOOLCHAIN_ROOT });
  const others = check.problems.filter((problem) => problem.severity === 'error' && problem.rule !== HASH_RULE);
  if (others.length > 0 || !check.model) {
    for (const problem of others) console.error(formatProblem(problem));
    console.error('Examples are signed once the rest of the spec checks out: fix the errors above first.');
    process.exitCode = 1;
    return;
  }
  const fixes = await exampleHashFixes(check.model, check.locator);
  for (const { example, place, conflict } of fixes) if (conflict) console.error(`${place.file}:${place.line}:${place.col}: ${conflictMessage(example.key, conflict)}`);
  const written = writeHashes(fixes.filter((fix) => !fix.conflict));
  for (const line of written) console.log(line);
  if (fixes.some((fix) => fix.conflict)) process.exitCode = 1;
  console.log(written.length === 0 ? 'Every example hash is what its recipe gives.' : `Wrote ${written.length} example hash${written.length === 1 ? '' : 'es'}.`);
}

await main();
