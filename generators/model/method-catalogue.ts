// The payment-method catalogue: every parameter schema that carries `x-method`, with the
// `brand` value its S2S APM SALE branch uses (after deployment brand values are applied).
import { isSchemaObject, refName } from './json-schema.js';
import type { SpecModel } from './spec-model.js';

export interface MethodEntry {
  /** Neutral label as the document writes it (`<pin_voucher>`), or the literal id (`vcard`). */
  readonly label: string;
  readonly title: string;
  /** The `brand` value an S2S APM SALE sends, when the method has an S2S branch. */
  readonly brand?: string;
  readonly parametersSchema: string;
  readonly protocols: readonly string[];
  readonly completion: readonly string[];
  readonly currencies?: readonly string[];
  readonly countries?: readonly string[];
  readonly notes?: string;
  /** The QR method's behaviour: lifetime, bank callback codes and status-lookup mapping → state. */
  readonly qr?: {
    readonly lifetimeSeconds: number;
    readonly bankCallback: Readonly<Record<string, string>>;
    readonly statusLookup: Readonly<Record<string, string>>;
  };
  /** A payment the payer does not complete within `seconds` moves to state `then`. */
  readonly completionWindow?: { readonly seconds: number; readonly then: string };
  /** The method exists only on the payment page: nothing is sent for it but its id in `methods`. */
  readonly paymentPageOnly?: true;
  /** A wallet's card flow (`x-card-flow`): when the platform keeps the card behind the token. */
  readonly cardFlow?: CardFlow;
}

export interface CardFlow {
  /** What a payment is when the card flow does not apply: `virtual`. */
  readonly default: string;
  /** What must hold for the card flow (`decryption-private-key`, `provider-supports-card-flow`). */
  readonly requires: readonly string[];
  readonly whenMet: string;
  /** Per protocol, when a requirement is not met: `virtual`, or `error` (the payment is refused). */
  readonly whenUnmet: Readonly<Record<string, string>>;
  /** Reader text: what a virtual payment gives up. */
  readonly virtual: string;
  /** Reader text: a card flow whose token carries no decrypted data. */
  readonly withoutDecryptedData: string;
  /** Who carries 3DS responsibility with PAN_ONLY. */
  readonly panOnly3ds: string;
}

const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.map(String) : undefined);

export function methodCatalogue(model: Pick<SpecModel, 'schemas' | 'schema'>): MethodEntry[] {
  const brands = brandsByParameterSchema(model);
  const entries: MethodEntry[] = [];
  for (const [name, schema] of model.schemas) {
    const meta = schema['x-method'];
    if (typeof meta !== 'object' || meta === null) continue;
    const record = meta as Record<string, unknown>;
    if (typeof record['label'] !== 'string' || typeof record['title'] !== 'string') throw new Error(`${name}: x-method needs label and title`);
    const brand = brands.get(name);
    const currencies = strings(record['currencies']);
    const countries = strings(record['countries']);
    entries.push({
      label: record['label'],
      title: record['title'],
      ...(brand ? { brand } : {}),
      parametersSchema: name,
      protocols: strings(record['protocols']) ?? [],
      completion: strings(record['completion']) ?? [],
      ...(currencies ? { currencies } : {}),
      ...(countries ? { countries } : {}),
      ...(typeof record['notes'] === 'string' ? { notes: record['notes'].replace(/\s+/g, ' ').trim() } : {}),
      ...(record['qr'] !== undefined ? { qr: record['qr'] as NonNullable<MethodEntry['qr']> } : {}),
      ...(record['completionWindow'] !== undefined ? { completionWindow: record['completionWindow'] as NonNullable<MethodEntry['completionWindow']> } : {}),
      ...(record['paymentPageOnly'] === true ? { paymentPageOnly: true as const } : {}),
      ...(record['x-card-flow'] !== undefined ? { cardFlow: cardFlow(record['x-card-flow'], name) } : {}),
    });
    if (record['paymentPageOnly'] === true && brand !== undefined) throw new Error(`${name}: a payment-page-only method has no S2S APM branch (brand ${brand})`);
  }
  return entries.sort((a, b) => a.label.replace(/[<>]/g, '').localeCompare(b.label.replace(/[<>]/g, '')));
}

function cardFlow(value: unknown, name: string): CardFlow {
  const flow = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const texts = ['default', 'whenMet', 'virtual', 'withoutDecryptedData', 'panOnly3ds'];
  const unmet = flow['whenUnmet'];
  if (
    texts.some((key) => typeof flow[key] !== 'string') ||
    !(Array.isArray(flow['requires']) && flow['requires'].every((item) => typeof item === 'string')) ||
    typeof unmet !== 'object' ||
    unmet === null ||
    !Object.values(unmet).every((answer) => answer === 'virtual' || answer === 'error')
  )
    throw new Error(`${name}: x-card-flow needs ${texts.join(', ')} as strings, requires as a list, and whenUnmet mapping each protocol to virtual or error`);
  return flow as unknown as CardFlow;
}

/** Parameter schema name → brand, read from every brand-discriminated schema's mapping. */
function brandsByParameterSchema(model: Pick<SpecModel, 'schemas' | 'schema'>): Map<string, string> {
  const brands = new Map<string, string>();
  for (const schema of model.schemas.values()) {
    if (schema.discriminator?.propertyName !== 'brand') continue;
    for (const [brand, ref] of Object.entries(schema.discriminator.mapping ?? {})) {
      const parameters = model.schema(refName(ref)).properties?.['parameters'];
      if (isSchemaObject(parameters) && parameters.$ref) brands.set(refName(parameters.$ref), brand);
    }
  }
  return brands;
}
