// One change the gate found, and the shape every detector has: the kinds it declares, and a
// function that compares two surfaces and emits changes of those kinds only.
import { changeKind, type Severity } from './kinds.js';
import type { Surface, UnitLocation } from './surface.js';

export interface Acknowledgement {
  /** The `x-releases` entry (`Unreleased`, `7.0.0`). */
  readonly version: string;
  /** The `breaking` item's text. */
  readonly item: string;
}

export interface Change {
  readonly kind: string;
  readonly severity: Severity;
  /** `S2S CARD GET_TRANS_STATUS`, `Checkout createSession`, `Callback s2sCardCallback`, `MID settings`. */
  readonly unit: string;
  readonly location: UnitLocation;
  /** The field path (dotted, `[]` for items), the setting, or '' for the unit itself. */
  readonly path: string;
  /** The enum or discriminator value, branch, error code or setting value the change concerns. */
  readonly value?: string;
  /** What happened, specifically: `maxLength 60 → 32`. */
  readonly message: string;
  /** The release note that acknowledges this (breaking) change. */
  readonly acknowledgedBy?: Acknowledgement;
}

/** Where a change is felt: a unit of the surface, or the account's pseudo-units. */
export interface ChangeSite {
  readonly id: string;
  readonly location: UnitLocation;
}

export type Emit = (kind: string, site: ChangeSite, path: string, message: string, value?: string) => void;

export interface Detector {
  readonly name: string;
  /** Every kind the detector may emit (an undeclared one throws). */
  readonly kinds: readonly string[];
  detect(base: Surface, head: Surface, emit: Emit): void;
}

/** Runs each detector with an emitter that only takes the kinds it declared. */
export function runDetectors(detectors: readonly Detector[], base: Surface, head: Surface): Change[] {
  const changes: Change[] = [];
  for (const detector of detectors) {
    const declared = new Set(detector.kinds);
    detector.detect(base, head, (kind, site, path, message, value) => {
      if (!declared.has(kind))
        throw new Error(`spec-diff: detector ${detector.name} emitted ${kind}, which it does not declare`);
      changes.push({
        kind,
        severity: changeKind(kind).severity,
        unit: site.id,
        location: site.location,
        path,
        ...(value !== undefined ? { value } : {}),
        message,
      });
    });
  }
  return changes;
}
