// Callback faults: the ways a real delivery goes wrong that a merchant's endpoint must survive,
// played on purpose by the delivery engine (a sandbox start option, and the conformance kit's
// merchant suite). Each fault says what is sent and what the endpoint must answer; the engine
// judges each answer by it. The tampered copies are made here, from the signed body.
import {
  buildTestCallback,
  decodeForm,
  encodeForm,
  parseCallback,
  type CallbackProtocol,
  type FormObject,
  type SignatureAlgorithm,
} from '@payment-gateway/merchant-client';

export interface FaultRule {
  /** Reader text: what the engine sends. */
  readonly sends: string;
  /** What the endpoint must answer: an authentic copy is acknowledged, a tampered one refused. */
  readonly must: 'acknowledge' | 'refuse';
  /** The extra copy the fault sends, named in the verdict on a wrong answer to it. */
  readonly copy?: string;
}

/** Every fault, with what it sends and what the endpoint must do (the README lists the same). */
export const CALLBACK_FAULTS = {
  duplicate: {
    sends: 'each callback again once it was acknowledged',
    must: 'acknowledge',
    copy: 'a duplicate of an acknowledged callback',
  },
  reorder: {
    sends:
      "a payment's callbacks newest first: each waits for the next of its payment (at most the retry interval, or until a wait for callbacks to settle), then the two go out in reverse order",
    must: 'acknowledge',
  },
  late: {
    sends: 'each callback again, one retry interval (sandbox time) after it was acknowledged',
    must: 'acknowledge',
    copy: 'an acknowledged callback delivered again, late',
  },
  retry: {
    sends:
      "each callback's first delivery with its answer dropped, as when it comes too late: the delivery counts as failed and is retried after the retry interval (sandbox time)",
    must: 'acknowledge',
  },
  'tamper-body': {
    sends: 'before each callback, a copy with a field the hash covers changed after signing',
    must: 'refuse',
    copy: 'a copy with a field the hash covers changed after signing',
  },
  'tamper-hash': {
    sends: 'before each callback, a copy with its hash changed',
    must: 'refuse',
    copy: 'a copy with its hash changed',
  },
  'tamper-password': {
    sends: 'before each callback, a copy signed with another password',
    must: 'refuse',
    copy: 'a copy signed with another password',
  },
} as const satisfies Readonly<Record<string, FaultRule>>;

export type CallbackFault = keyof typeof CALLBACK_FAULTS;
export type Tampering = 'tamper-body' | 'tamper-hash' | 'tamper-password';

/** The tampered copies, in the order they go out before the authentic callback. */
export const TAMPERINGS: readonly Tampering[] = ['tamper-body', 'tamper-hash', 'tamper-password'];

const isFault = (name: string): name is CallbackFault => Object.hasOwn(CALLBACK_FAULTS, name);

export const isTampering = (fault: CallbackFault): fault is Tampering =>
  (TAMPERINGS as readonly string[]).includes(fault);

/** `duplicate,reorder,tamper-hash` as faults; an unknown name throws, naming the known ones. */
export function parseCallbackFaults(text: string): CallbackFault[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!isFault(name))
      throw new Error(`unknown callback fault ${name}; one of ${Object.keys(CALLBACK_FAULTS).join(', ')}`);
  return [...new Set(names as CallbackFault[])];
}

/** The body of a tampered copy of a signed callback. */
export type Tamperer = (tampering: Tampering) => string;

/** The id fields the changed field is not (so an endpoint's own state still finds the payment). */
const KEPT = new Set(['trans_id', 'order_id', 'order_number', 'id', 'payer_email']);

/** A value with its last character changed (a digit to the next), so every recipe reads it differently. */
function altered(value: string): string {
  const last = value.at(-1);
  if (last === undefined) return 'X';
  return value.slice(0, -1) + (/[0-9]/.test(last) ? String((Number(last) + 1) % 10) : last === 'X' ? 'Y' : 'X');
}

/** How to tamper with a callback signed with `password` and `signatureAlgorithm` (and the values it signs but does not carry). */
export function tamperer(
  kind: CallbackProtocol,
  body: string,
  signer: {
    readonly password: string;
    readonly signingContext: Readonly<Record<string, string>>;
    readonly signatureAlgorithm: SignatureAlgorithm;
  },
): Tamperer {
  const { password, signingContext, signatureAlgorithm } = signer;
  return (tampering) => {
    const fields = decodeForm(body);
    switch (tampering) {
      case 'tamper-hash':
        return body.replace(/(^|&)hash=([^&])/, (_match, start: string, first: string) => {
          return `${start}hash=${first === '0' ? '1' : '0'}`;
        });
      case 'tamper-password': {
        delete fields['hash'];
        return buildTestCallback(kind, fields as FormObject, {
          password: `${password}-not-the-password`,
          signingContext,
          signatureAlgorithm,
        });
      }
      case 'tamper-body': {
        // Many callbacks leave `status` and the amount unsigned: the changed field is one the hash covers.
        const { covered } = parseCallback(body, { password, protocol: kind, signingContext, signatureAlgorithm });
        const changed = covered.find((name) => !KEPT.has(name)) ?? covered[0] ?? 'hash';
        fields[changed] = altered(String(fields[changed] ?? ''));
        return encodeForm(fields as FormObject);
      }
    }
  };
}
