// How many decimals an amount may carry in each currency: ISO 4217's minor unit, read from ISO's
// own list as the currency-codes package ships it (iso-4217-list-one.xml; its JSON data turns
// ISO's "N.A." into 0, the list keeps it, and a currency without a minor unit gets no rule), with
// the exceptions the spec states (`info.x-currency-exponents.overrides`, spec/currencies.yaml).
// The validators of both clients, the sandbox through them, and the docs read this one table.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { SpecModel } from './spec-model.js';

/** Currency code → the decimals an amount in it may carry, sorted by code. */
export type CurrencyExponents = ReadonlyMap<string, number>;

const ISO_LIST = createRequire(import.meta.url).resolve('currency-codes/iso-4217-list-one.xml');

let iso: ReadonlyMap<string, number> | undefined;

/** ISO 4217's minor units, as its published list (list one) gives them; currencies with "N.A." left out. */
export function isoMinorUnits(): ReadonlyMap<string, number> {
  if (iso) return iso;
  const xml = readFileSync(ISO_LIST, 'utf8');
  const units = new Map<string, number>();
  for (const [, code, digits] of xml.matchAll(/<Ccy>([A-Z]{3})<\/Ccy>\s*<CcyNbr>\d+<\/CcyNbr>\s*<CcyMnrUnts>(\d)<\/CcyMnrUnts>/g))
    units.set(code!, Number(digits));
  if (units.get('USD') !== 2 || units.get('JPY') !== 0 || units.get('BHD') !== 3)
    throw new Error(`${ISO_LIST}: the ISO 4217 list did not read as expected (USD 2, JPY 0, BHD 3)`);
  return (iso = units);
}

/** The publication date of the ISO 4217 list read (`Pblshd`). */
export function isoPublished(): string {
  const date = /<ISO_4217 Pblshd="([0-9-]+)"/.exec(readFileSync(ISO_LIST, 'utf8'))?.[1];
  if (!date) throw new Error(`${ISO_LIST}: no publication date`);
  return date;
}

/** The table the spec states: ISO 4217's minor units with `info.x-currency-exponents.overrides` applied. */
export function currencyExponents(model: Pick<SpecModel, 'document'>): CurrencyExponents {
  const value = model.document.info['x-currency-exponents'];
  if (value === undefined) return new Map();
  const overrides = (value as { overrides?: unknown }).overrides ?? {};
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides))
    throw new Error('info.x-currency-exponents.overrides must map currency codes to decimals');
  const table = new Map(isoMinorUnits());
  for (const [code, digits] of Object.entries(overrides)) {
    if (!/^[A-Z]{3}$/.test(code)) throw new Error(`info.x-currency-exponents.overrides: ${code} is not a currency code`);
    if (!Number.isInteger(digits) || (digits as number) < 0 || (digits as number) > 4)
      throw new Error(`info.x-currency-exponents.overrides.${code} must be a number of decimals from 0 to 4`);
    table.set(code, digits as number);
  }
  return new Map([...table].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** `x-amount-decimals` of a schema: amount field → the field naming its currency, checked. */
export function amountCurrencies(value: unknown, where: string): Readonly<Record<string, string>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0)
    throw new Error(`${where}: x-amount-decimals maps each amount field to the field naming its currency`);
  for (const [amount, currency] of Object.entries(value)) {
    if (typeof currency !== 'string' || currency === '' || currency.includes('.'))
      throw new Error(`${where}: x-amount-decimals.${amount} names the currency field of the same object`);
  }
  return value as Record<string, string>;
}
