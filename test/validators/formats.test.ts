// Given/want rows for the string formats of the runtime, one table per format; each row is an
// input the RFC the format names decides (the official suite's optional/format groups cover the
// rest, in test/validators/json-schema-test-suite.test.ts).
import { describe, expect, it } from 'vitest';
import * as dateTime from '../../templates/runtime/format-date-time.js';
import * as duration from '../../templates/runtime/format-duration.js';
import * as email from '../../templates/runtime/format-email.js';
import * as hostname from '../../templates/runtime/format-hostname.js';
import * as jsonPointer from '../../templates/runtime/format-json-pointer.js';
import * as regex from '../../templates/runtime/format-regex.js';
import * as uri from '../../templates/runtime/format-uri.js';
import * as validation from '../../templates/runtime/validation.js';

/** Every format's module (a module per format). */
const runtime = { ...dateTime, ...duration, ...email, ...hostname, ...jsonPointer, ...regex, ...uri };

const TABLES: Readonly<Record<string, readonly (readonly [given: string, want: boolean])[]>> = {
  formatDateTime: [
    ['2024-02-29T23:59:59Z', true],
    ['1990-02-31T10:00:00Z', false], // no 31 February
    ['1990-12-31T24:00:00Z', false], // hour 24
    ['1990-12-31T10:00:00+10:60', false], // offset minute 60
    ['1990-12-31T10:00:00-24:00', false], // offset hour 24
    ['1998-12-31T23:59:60Z', true], // leap second at 23:59 UTC
    ['1998-12-31T15:59:60.123-08:00', true], // the same instant with an offset
    ['1998-12-31T23:58:60Z', false], // second 60 on another minute
    ['1963-06-19t08:30:06z', true], // T and Z in either case
  ],
  formatTime: [
    ['08:30:06Z', true],
    ['23:59:60+00:00', true],
    ['22:59:60Z', false],
    ['12:00:00', false], // an offset is required
  ],
  formatEmail: [
    ['joe.bloggs@example.com', true],
    ['"joe..bloggs"@example.com', true], // a quoted local part may hold anything printable
    ['joe@[127.0.0.1]', true],
    ['.a@x', false],
    ['a.@x', false],
    ['a..b@x', false],
    ['joe@[127.0.0.300]', false],
    // Both ways the check decides: the common dot-atom at a host name, then the full grammar.
    ['JOE.Bloggs+tag@Sub.Example-1.com', true],
    ['joe@[IPv6:2001:db8::1]', true],
    ['joe@[IPv6:2001:db8::g]', false],
    [`joe@${'a'.repeat(63)}.com`, true],
    [`joe@${'a'.repeat(64)}.com`, false], // a label of 64
    ['joe@host_name.com', false],
    ['joe@-host.com', false],
    ['joe@host-.com', false],
    ['joe@', false],
  ],
  formatUri: [
    ['http://foo.bar/?q=Test%20URL-encoded%20stuff', true],
    ['urn:oasis:names:specification:docbook:dtd:xml:4.1.2', true],
    ['ldap://[2001:db8::7]/c=GB?objectClass?one', true],
    ...['\\', '"', '<>', '{}', '^', '`', '|', '®', ' '].map(
      (text) => [`https://example.org/a${text}.txt`, false] as const,
    ),
    ['http://example.com/%6G', false],
    ['http://example.com/%A', false],
    ['http://example.com/%', false],
    ['/abc', false], // a relative reference is no URI
  ],
  formatUriReference: [
    ['/abc', true],
    ['#fragment', true],
    ['', true],
    ['1:b', false], // a first segment with a colon reads as a scheme
    ['/%zz', false],
  ],
  formatHostname: [
    ['www.example.com', true],
    ['xn--9n2bp8q.xn--9t4b11yi5a', true], // Hangul A-labels
    ['example.', false],
    ['-host', false],
    ['xn--X', false], // not Punycode
    ['xn--l-fda', false], // a middle dot not between two l (RFC 5892 CONTEXTO)
  ],
  formatDuration: [
    ['P4DT12H30M5S', true],
    ['P2W', true],
    ['PT1D', false],
    ['P1Y2W', false],
    ['P', false],
  ],
  formatJsonPointer: [
    ['/foo/bar~0/baz~1/%a', true],
    ['', true],
    ['/foo/bar~', false],
    ['#/a', false],
  ],
  formatRegex: [
    ['([abc])+\\s+$', true],
    ['^(abc]', false],
  ],
};

describe.each(Object.keys(TABLES))('%s', (name) => {
  const check = (runtime as unknown as Record<string, (value: string) => boolean>)[name]!;
  it.each(TABLES[name]!.map(([given, want]) => [JSON.stringify(given), given, want] as const))(
    '%s',
    (_label, given, want) => {
      expect(check(given)).toBe(want);
    },
  );
});

describe('isMultipleOf', () => {
  it.each([
    [0.07, 0.01, true],
    [19.99, 0.01, true],
    [0.075, 0.01, false],
    [1e308, 0.123456789, false], // the quotient overflows
    [15, 5, true],
    [7, 5, false],
  ] as const)('%s of %s is %s', (value, divisor, want) => {
    expect(validation.isMultipleOf(value, divisor)).toBe(want);
  });
});
