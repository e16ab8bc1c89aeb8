// JSON Schema format `email` (RFC 5321 Mailbox): a module of its own, as every format (see
// validation.ts).
import { formatIpv4, formatIpv6 } from './format-ip.js';

// RFC 5321 Mailbox: a dot-atom or quoted-string local part; a host name or an address literal.
const EMAIL_PATTERN =
  /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*")@(?:([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)|\[(?:IPv6:([^\]]*)|([0-9.]*))\])$/i;
// The common mailbox, a dot-atom at a host name, as a test without captures: `exec` builds an
// array of groups for every address, which cost a third of the check.
const DOT_ATOM_AT_HOST =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
export function formatEmail(value: string): boolean {
  if (DOT_ATOM_AT_HOST.test(value)) return true;
  const match = EMAIL_PATTERN.exec(value);
  if (match === null) return false;
  if (match[2] !== undefined) return formatIpv6(match[2]);
  return match[3] === undefined || formatIpv4(match[3]);
}
