// Every `x-` key is one spec/README.md documents ("Extensions"), where it is documented to go. An
// `x-` key is legal OpenAPI anywhere, so a typo (`x-sensitve` on a card field) passes every other
// check while the generators read nothing: the CVV would be logged in clear. The README's table
// and this list are kept equal by test/spec/spec-check-extensions.test.ts.
import type { NodeCheck } from './every-node.js';
import { didYouMean } from '../did-you-mean.js';

/**
 * Where an extension goes: a Redocly node type (`Schema`, `Info`, `Operation`), or `in x-...`: inside
 * the value of that extension (which Redocly walks as plain data).
 */
export const EXTENSION_PLACES: Readonly<Record<string, readonly string[]>> = {
  'x-protocols': ['Schema'],
  'x-signature': ['Schema'],
  'x-errors': ['Schema', 'Info'],
  'x-safety-cap': ['Schema'],
  'x-releases': ['Info'],
  'x-since': ['Operation', 'Schema', 'in x-errors'],
  'x-deprecated-in': ['Operation', 'Schema', 'in x-errors'],
  'x-removed-in': ['Operation', 'Schema', 'in x-errors'],
  'x-enum-since': ['Schema'],
  'x-idempotent': ['Schema'],
  'x-sensitive': ['Schema'],
  'x-method': ['Schema'],
  'x-mid-settings': ['Info'],
  'x-transitions': ['Info'],
  'x-test-data': ['Info'],
  'x-delivery': ['Schema'],
  'x-limits': ['Info'],
  'x-card-flow': ['in x-method'],
  'x-required-when': ['Schema'],
  'x-keyed-by': ['Schema'],
  'x-array-when': ['Schema'],
  'x-warning': ['Schema'],
  'x-luhn': ['in x-warning'],
  'x-dotted-names': ['Schema'],
  'x-amount-decimals': ['Schema'],
  'x-currency-exponents': ['Info'],
  'x-decimal-minimum': ['Schema'],
  'x-decimal-maximum': ['Schema'],
};

const PLACE_WORDS: Readonly<Record<string, string>> = { Schema: 'a schema', Info: '`info`', Operation: 'an operation' };
const placeWords = (place: string) => (place.startsWith('in ') ? `inside \`${place.slice(3)}\`` : (PLACE_WORDS[place] ?? place));

export const checkExtensions: NodeCheck = (node, typeName, location, report) => {
  const segments = location.pointer.split('/');
  for (const key of Object.keys(node)) {
    if (!key.startsWith('x-')) continue;
    const places = EXTENSION_PLACES[key];
    const at = { ...location.child([key]), reportOnKey: true };
    if (!places) {
      report({ message: `\`${key}\` is not an extension spec/README.md documents, so nothing reads it.${didYouMean(key, Object.keys(EXTENSION_PLACES))}`, location: at });
      continue;
    }
    const allowed = places.some((place) => (place.startsWith('in ') ? segments.includes(place.slice(3)) : place === typeName));
    if (!allowed) report({ message: `\`${key}\` goes on ${places.map(placeWords).join(' or ')}, not here (${typeName === 'SpecExtension' ? 'inside an extension' : typeName}).`, location: at });
  }
};
