// JSON Schema format `json-pointer` (RFC 6901): a module of its own, as every format (see
// validation.ts).

// RFC 6901: empty, or segments after `/` in which `~` only starts `~0` or `~1`.
const JSON_POINTER_PATTERN = /^(?:\/(?:[^~/]|~[01])*)*$/;
export function formatJsonPointer(value: string): boolean {
  return JSON_POINTER_PATTERN.test(value);
}
