// JSON Schema format `duration` (RFC 3339, appendix A): a module of its own, as every format (see
// validation.ts).

// RFC 3339, appendix A: weeks alone, or date elements then time elements, each in order.
const DURATION_PATTERN =
  /^P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$/;
export function formatDuration(value: string): boolean {
  return DURATION_PATTERN.test(value);
}
