// JSON Schema formats `uri` and `uri-reference` (RFC 3986): a module of its own, as every format
// (see validation.ts).
import { formatIpv6 } from './format-ip.js';
import { digit } from './validation.js';

// RFC 3986, section 3 and appendix A: the generic syntax, scanned character by character over
// a table of the classes the grammar uses (a regular expression of the grammar is four times
// slower). `%` sits in the classes; its escapes are checked apart.
const SUB = 1; // unreserved, sub-delims and `%`: a reg-name
const USERINFO = 2; // plus `:`
const PCHAR = 4; // plus `:` and `@`
const QUERY = 8; // plus `/` and `?`
const URI_CHARS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  const mark = (chars: string, flags: number) => {
    for (const char of chars) table[char.charCodeAt(0)]! |= flags;
  };
  mark(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=%",
    SUB | USERINFO | PCHAR | QUERY,
  );
  mark(':', USERINFO | PCHAR | QUERY);
  mark('@', PCHAR | QUERY);
  mark('/?', QUERY);
  return table;
})();
const BROKEN_ESCAPE = /%(?![0-9a-f]{2})/i;
const SCHEME = /^[a-z][a-z0-9+\-.]*:/i;
const IP_FUTURE = /^v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+$/i;

const uriClass = (value: string, at: number): number => {
  const code = value.charCodeAt(at);
  return code < 128 ? URI_CHARS[code]! : 0;
};

/** Index after the run of characters of `flags` from `at` (`/` too when `slash`). */
function uriRun(value: string, at: number, flags: number, slash: boolean): number {
  while (at < value.length && ((uriClass(value, at) & flags) !== 0 || (slash && value.charCodeAt(at) === 47))) at++;
  return at;
}

/** `authority` between `from` and `to`: userinfo@, a host (reg-name or IP-literal), :port. */
function authorityOk(value: string, from: number, to: number): boolean {
  const at = value.indexOf('@', from);
  let i = from;
  if (at !== -1 && at < to) {
    if (uriRun(value, from, USERINFO, false) !== at) return false;
    i = at + 1;
  }
  if (value.charCodeAt(i) === 91) {
    const close = value.indexOf(']', i);
    if (close === -1 || close >= to) return false;
    const literal = value.slice(i + 1, close);
    if (!formatIpv6(literal) && !IP_FUTURE.test(literal)) return false;
    i = close + 1;
  } else i = uriRun(value, i, SUB, false);
  if (i < to && value.charCodeAt(i) === 58) {
    i++;
    while (i < to && digit(value.charCodeAt(i)) >= 0) i++;
  }
  return i === to;
}

/** A URI (scheme required) or, with `relative`, a relative reference (RFC 3986, 4.2). */
function uriOk(value: string, relative: boolean): boolean {
  let i = 0;
  if (!relative) {
    if (!SCHEME.test(value)) return false;
    i = value.indexOf(':') + 1;
  }
  if (value.charCodeAt(i) === 47 && value.charCodeAt(i + 1) === 47) {
    let end = i + 2;
    for (
      let code = value.charCodeAt(end);
      end < value.length && code !== 47 && code !== 63 && code !== 35;
      code = value.charCodeAt(++end)
    );
    if (!authorityOk(value, i + 2, end)) return false;
    i = uriRun(value, end, PCHAR, true);
  } else if (relative && value.charCodeAt(i) !== 47) {
    // path-noscheme: no `:` before the first `/`, or it would read as a scheme.
    const segmentEnd = uriRun(value, i, PCHAR, false);
    if (value.slice(i, segmentEnd).includes(':')) return false;
    i = uriRun(value, segmentEnd, PCHAR, true);
  } else i = uriRun(value, i, PCHAR, true);
  if (value.charCodeAt(i) === 63) i = uriRun(value, i + 1, QUERY, false);
  if (value.charCodeAt(i) === 35) i = uriRun(value, i + 1, QUERY, false);
  return i === value.length && !(value.includes('%') && BROKEN_ESCAPE.test(value));
}

/** The usual shape, an http(s) URL with a host name and no escapes, matched in one compiled expression. */
const PLAIN_HTTP_URL =
  /^https?:\/\/[a-z0-9.-]+(?::[0-9]+)?(?:\/[\w\-.~!$&'()*+,;=:@/]*)?(?:\?[\w\-.~!$&'()*+,;=:@/?]*)?(?:#[\w\-.~!$&'()*+,;=:@/?]*)?$/i;

export function formatUri(value: string): boolean {
  return PLAIN_HTTP_URL.test(value) || uriOk(value, false);
}

/** A URI or a relative reference (RFC 3986, section 4.1). */
export function formatUriReference(value: string): boolean {
  return uriOk(value, false) || uriOk(value, true);
}
