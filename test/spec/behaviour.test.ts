// Behaviour the document states only in prose is data in the spec, read through the method
// catalogue by the sandbox and the docs: the QR method's lifetime and state mapping, and the
// completion window of the two bank-code transfer methods.
import { describe, expect, it } from 'vitest';
import { methodCatalogue } from '../../generators/model/method-catalogue.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const catalogue = methodCatalogue(buildSpecModel(loadBundledSpec() as OpenApiDocument, []));
const method = (label: string) => catalogue.find((entry) => entry.label === label);

describe('behaviour data', () => {
  it.each([
    ['the QR expires after 1 minute', () => method('ips')?.qr?.lifetimeSeconds, 60],
    ['bank callback ACSC settles', () => method('ips')?.qr?.bankCallback['ACSC'], 'SETTLED'],
    ['bank callback RJCT declines', () => method('ips')?.qr?.bankCallback['RJCT'], 'DECLINED'],
    ['a lookup reporting executed settles', () => method('ips')?.qr?.statusLookup['executed'], 'SETTLED'],
    ['a lookup reporting rejected declines', () => method('ips')?.qr?.statusLookup['rejected'], 'DECLINED'],
    ['a lookup reporting pending stays pending', () => method('ips')?.qr?.statusLookup['pending'], 'PENDING'],
    ['<ar_transfer> declines after 5 minutes', () => method('<ar_transfer>')?.completionWindow, { seconds: 300, then: 'DECLINED' }],
    ['<mx_transfer> declines after 5 minutes', () => method('<mx_transfer>')?.completionWindow, { seconds: 300, then: 'DECLINED' }],
  ] as const)('%s', (_rule, read, want) => {
    expect(read()).toEqual(want);
  });

  it('gives exactly two methods a completion window', () => {
    expect(catalogue.filter((entry) => entry.completionWindow).map((entry) => entry.label).sort()).toEqual(['<ar_transfer>', '<mx_transfer>']);
  });
});
