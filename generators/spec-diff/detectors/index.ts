// Every detector of the gate, in report order. Each declares the kinds it emits; together they
// cover the catalogue (kinds.ts), which the fixture test checks.
import type { Detector } from '../change.js';
import { FIELD_RULE_DETECTORS } from './field-rules.js';
import { amountDecimals, branches, conditions, discriminators, patternKeys, presence } from './shape.js';
import { deployment, encoding, errors, midSettings, signature, units } from './units.js';

export const DETECTORS: readonly Detector[] = [
  units,
  presence,
  ...FIELD_RULE_DETECTORS,
  conditions,
  branches,
  discriminators,
  patternKeys,
  amountDecimals,
  encoding,
  signature,
  errors,
  midSettings,
  deployment,
];
