// The operator-side facts the spec carries as data, for the docs and the gate: the MID settings
// (`info.x-mid-settings`). The wallets' card flow is the method catalogue's (`x-card-flow`), a field
// required under a condition the request does not show the field layer's (`x-required-when`).
import type { OpenApiDocument } from './openapi.js';

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
