// The operator-side facts the spec carries as data, for the docs and the sandbox: the MID settings
// (`info.x-mid-settings`), the wallets' card-flow rules (`x-card-flow` in a method's `x-method`) and
// the fields required only under a condition the request does not show (`x-required-when`).
import type { OpenApiDocument } from './openapi.js';
import type { SpecModel } from './spec-model.js';

export interface MidSetting {
  readonly name: string;
  readonly title: string;
  /** The values the document lists; undefined where it names none. */
  readonly values?: readonly string[];
  readonly default?: string;
  /** Method ids whose requests the setting completes (`payout_email`); undefined: every payment. */
  readonly methods?: readonly string[];
  readonly changes: string;
}

export interface CardFlow {
  readonly default: string;
  readonly requires: readonly string[];
  readonly whenMet: string;
  /** Per protocol: `virtual` or `error`. */
  readonly whenUnmet: Readonly<Record<string, string>>;
  readonly virtual: string;
  readonly withoutDecryptedData: string;
  /** Who carries 3DS responsibility with PAN_ONLY. */
  readonly panOnly3ds: string;
}

export interface RequiredWhen {
  /** Component schema and property: `CardSetNsp.expiry`. */
  readonly field: string;
  readonly condition: Readonly<Record<string, string>>;
}

export function midSettings(document: Pick<OpenApiDocument, 'info'>): readonly MidSetting[] {
  const list = (document.info as Record<string, unknown>)['x-mid-settings'];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error('info.x-mid-settings must be a list');
  return list.map((entry: Record<string, unknown>, index) => {
    for (const key of ['name', 'title', 'changes'])
      if (typeof entry[key] !== 'string') throw new Error(`info.x-mid-settings[${index}] needs a string ${key}`);
    return {
      name: entry['name'] as string,
      title: entry['title'] as string,
      ...(Array.isArray(entry['values']) ? { values: entry['values'].map(String) } : {}),
      ...(typeof entry['default'] === 'string' ? { default: entry['default'] } : {}),
      ...(Array.isArray(entry['methods']) ? { methods: entry['methods'].map(String) } : {}),
      changes: (entry['changes'] as string).trim(),
    };
  });
}

/** `x-card-flow` of each method that has one, by the method's label. */
export function cardFlows(model: Pick<SpecModel, 'schemas'>): ReadonlyMap<string, CardFlow> {
  const flows = new Map<string, CardFlow>();
  for (const [name, schema] of model.schemas) {
    const meta = schema['x-method'] as Record<string, unknown> | undefined;
    const flow = meta?.['x-card-flow'] as CardFlow | undefined;
    if (!flow) continue;
    if (typeof flow.default !== 'string' || !Array.isArray(flow.requires) || typeof flow.whenUnmet !== 'object')
      throw new Error(`${name}: x-card-flow needs default, requires and whenUnmet`);
    flows.set(String(meta!['label']), flow);
  }
  return flows;
}

/** Every property marked `x-required-when`, in component order. */
export function requiredWhen(model: Pick<SpecModel, 'schemas'>): readonly RequiredWhen[] {
  const found: RequiredWhen[] = [];
  for (const [name, schema] of model.schemas) {
    for (const [property, child] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      const condition = typeof child === 'object' && child !== null ? child['x-required-when'] : undefined;
      if (condition) found.push({ field: `${name}.${property}`, condition: condition as Record<string, string> });
    }
  }
  return found;
}
