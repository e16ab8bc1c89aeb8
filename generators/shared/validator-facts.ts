// What the validator emitters of both languages read of the model beyond a schema's own keywords,
// derived once per compiler: the currency table `x-amount-decimals` checks amounts against.
import { currencyExponents, type CurrencyExponents } from '../model/currency-exponents.js';
import type { SpecModel } from '../model/spec-model.js';

export interface ValidatorFacts {
  readonly currencyExponents: CurrencyExponents;
}

export function validatorFacts(model: Pick<SpecModel, 'document'>): ValidatorFacts {
  return { currencyExponents: currencyExponents(model) };
}

/** For a compiler given schemas alone (tests, the JSON-Schema-Test-Suite): no currency table. */
export const NO_FACTS: ValidatorFacts = { currencyExponents: new Map() };
