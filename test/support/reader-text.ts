// The patterns of modelling notes that must never reach reader text: the spec's (test/spec) and
// the generated docs pages' (test/docs).

/** Source keys of the facts (SRC-CO, AK-CO-CB, PM, OAS, WL-TESS, ...), formula ids and notes. */
export const TAGS: readonly [string, RegExp][] = [
  ['a source key', /\b(SRC|AK|WL|SDK)(-[A-Z0-9]+)+\b|\b(PM|OAS)\b/],
  ['a facts section', /\bfacts\b\s*§|§\s*[0-9]/i],
  ['a formula id', /\(F[0-9]\)|\bF[0-9]\b/],
  ['a decision note', /\bDecision:|\bdecided\b/i],
  ['a source document version', /\bv\d+\.\d+\.\d+\b/],
  ['a vendor source', /\bPostman\b|\bvendor's\b/i],
  ['a reference to the public facts', /\bpublic facts\b/i],
  ['an uncertainty note', /\bUNCERTAIN\b/],
];
