// JSON Schema format `uuid` (RFC 4122, with the `urn:uuid:` prefix allowed): a module of its own,
// as every format (see validation.ts).

const UUID_PATTERN = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
export function formatUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
