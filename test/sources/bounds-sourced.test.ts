// A rule that can refuse a request states its source (spec/README.md, issues 12, 23 and 37).
// Every request-side rule (`required`, `dependentRequired`, conditional `then` requirements,
// `pattern`, `enum`, `const`, `format`, `minimum`/`maximum`, `minLength`/`maxLength`,
// `minItems`/`maxItems`, `uniqueItems`, `not`, `x-decimal-*`, a property that must be absent) is
// either a generous `x-safety-cap` (a `maxLength` only) or has, in a YAML comment on the schema or
// one of its parents, a verbatim quote of the interface document or the facts:
//
//   # Document: "| `payer_phone_country_code` | optional | Digits only, at most 10 characters. ... |"
//   # Facts: "session default 60 min (`session_expiry` 1–720 min)"
//
// The quote is found in the interface document or the platform facts (the GATEWAY_SOURCES input,
// test/support/outside-inputs.ts) with whitespace normalised, and it must say what the rule does,
// one test per kind of rule (test/support/rule-quotes.ts): a requirement a word of need, the need
// column of the row it quotes, or a body that lists the field; an enum or a const every value; a
// bound its number; a pattern or a format the shape it checks (digits, letters, a URL, an ISO
// code...); a field that must be absent a word that forbids it. A check no source states is an
// `x-warning` (it refuses nothing), whose comment says why it is a client check. The few rules
// whose quotes state them in other words are listed, each with why, in
// bounds-sourced.exceptions.yaml, a list that only shrinks; swapped-quotes.yaml shows that a quote
// swapped for one that holds the value but not the rule fails.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseDocument, type YAMLMap } from 'yaml';
import { QUOTED_SOURCES } from '../support/outside-inputs.js';
import {
  allComments,
  checkRequestSchemas,
  checkSchema,
  commentsOf,
  quoteFound,
  quotesIn,
  SourceText,
  SpecFiles,
  type Finding,
  type Sources,
} from '../support/rule-quotes.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

/**
 * How many rules the reviewed exceptions list holds. It only goes down: when an entry goes, lower
 * it; a rule that needs an exception is a rule to fix or to remove first.
 */
const EXCEPTIONS = 8;

const HERE = join(PROJECT_ROOT, 'test', 'sources');

interface Exception {
  readonly rule: string;
  readonly at: readonly string[];
  readonly why: string;
}

const loadSources = (): Sources => ({ Document: new SourceText(readFileSync(QUOTED_SOURCES.Document, 'utf8')), Facts: new SourceText(readFileSync(QUOTED_SOURCES.Facts, 'utf8')) });

describe('every request rule states its source or is a safety cap or a warning', () => {
  const spec = new SpecFiles(join(PROJECT_ROOT, 'spec'));
  const sources = loadSources();
  const exceptions = parse(readFileSync(join(HERE, 'bounds-sourced.exceptions.yaml'), 'utf8')) as Exception[];
  const excepted = new Set(exceptions.flatMap((exception) => exception.at.map((at) => `${exception.rule} ${at}`)));
  const findings = checkRequestSchemas(spec, sources, PROJECT_ROOT);
  const keyOf = (finding: Finding) => `${finding.keyword} ${finding.at}`;

  it('finds every quote in the spec verbatim in the document or the facts', () => {
    const missing = [...spec.files.values()].flatMap(({ file, document }) =>
      allComments(document)
        .flatMap((comment) => quotesIn(comment))
        .filter((quote) => !quoteFound(quote, sources))
        .map((quote) => `${relative(PROJECT_ROOT, file)}: ${quote.source}: "${quote.text}"`),
    );
    expect(missing).toEqual([]);
  });

  it('finds, for every rule a request can meet, a quote that says what it does', () => {
    expect(spec.requestSchemas().size).toBeGreaterThan(100);
    expect(findings.filter((finding) => !excepted.has(keyOf(finding))).map((finding) => `${finding.where} ${finding.problem}`)).toEqual([]);
  });

  it('keeps a short reviewed list of exceptions that only shrinks', () => {
    const found = new Set(findings.map(keyOf));
    // An entry whose rule now passes (or is gone) leaves the list.
    expect([...excepted].filter((key) => !found.has(key))).toEqual([]);
    for (const exception of exceptions) expect(exception.why.trim().length, exception.at.join(', ')).toBeGreaterThan(80);
    expect(excepted.size).toBe(EXCEPTIONS);
  });

  describe('a quote swapped for one that holds the value but not the rule fails (swapped-quotes.yaml)', () => {
    const cases = parse(readFileSync(join(HERE, 'swapped-quotes.yaml'), 'utf8')) as { kind: string; swapped: string; finds: string[]; sourced: string }[];
    const tags = spec.discriminatorTags();
    const check = (yaml: string) => {
      const document = parseDocument(yaml);
      const pair = (document.contents as YAMLMap).items[0]!;
      return checkSchema(pair.value, { file: 'fixture.yaml', pointer: 'fixture.yaml#/' }, [...commentsOf(document), ...commentsOf(pair.key)], { sources, tags, line: () => 1 });
    };
    it.each(cases)('$kind', ({ swapped, finds, sourced }) => {
      // Each fixture quotes the real sources: a quote they do not hold would prove nothing.
      for (const yaml of [swapped, sourced]) for (const quote of quotesIn(allComments(parseDocument(yaml)).join('\n'))) expect(quoteFound(quote, sources), quote.text).toBe(true);
      expect(check(swapped).map((finding) => finding.keyword)).toEqual(finds);
      expect(check(sourced)).toEqual([]);
    });

    // How the checker reads a quote and its scope, against the same sources.
    it.each([
      ['an unquoted pattern', 'Eci:\n  type: string\n  pattern: ^[0-9]{2}$\n', ['pattern']],
      ['a citation that is not a quote', '# Document, Limits: at most 10.\nCode:\n  type: string\n  maxLength: 10\n', ['maxLength']],
      ['a quote the source does not hold', '# Document: "At most 10 digits."\nCode:\n  type: string\n  maxLength: 10\n', ['maxLength']],
      ['a number written as a word', '# Document: "| `card_exp_month` | Two digits. |"\nMonth:\n  type: string\n  pattern: ^[0-9]{2}$\n  maxLength: 2\n', []],
      ['a quote wrapped over comment lines', '# Document: "| `card_exp_month` |\n# Two digits. |"\nMonth:\n  type: string\n  maxLength: 2\n', []],
      ['a digit count bounding a number', '# Document: "| | `product_quantity` | number, max 4 digits | conditional | Required for several lender options. |"\nQuantity:\n  type: integer\n  minimum: 0\n  maximum: 9999\n', []],
      ['a maximum the digit count does not give', '# Document: "| | `product_quantity` | number, max 4 digits | conditional | Required for several lender options. |"\nQuantity:\n  type: integer\n  maximum: 999\n', ['maximum']],
      ['a quote on a parent', '# Document: "| Payer phone country code | S2S and Checkout | At most 10 characters. |"\nPhone:\n  type: object\n  properties:\n    code: {type: string, maxLength: 10}\n', []],
      ['a safety cap', 'Name:\n  type: string\n  maxLength: 255\n  x-safety-cap: true\n', []],
      ['a discriminator tag', 'Sale:\n  type: object\n  required: [action]\n  properties:\n    action: {type: string, const: SALE}\n', []],
      ['a rule inside an if: the condition refuses nothing, its consequence does', 'Rule:\n  if:\n    properties:\n      code: {const: X}\n  then:\n    required: [other]\n', ['required']],
      ['a warning without a comment saying why', 'Pan:\n  type: string\n  x-warning:\n    description: fails the Luhn check digit\n    x-luhn: true\n', ['x-warning']],
    ])('%s', (_name, yaml, keywords) => {
      expect(check(yaml).map((finding) => finding.keyword)).toEqual(keywords);
    });
  });
});
