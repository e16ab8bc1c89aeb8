// Detectors over the shape of a side as a whole: fields appearing and disappearing, requirements
// under a condition (`if`/`then`, `dependentRequired`, a branch), and the alternatives of a
// `oneOf`/`anyOf` with and without a discriminator.
import type { Detector } from '../change.js';
import { usable, variantsOf, type PatternKeys, type Shape } from '../surface.js';
import { commonSides, sidedKinds } from './field-rules.js';

/** The enclosing field of a path (`a.b` → `a`, `a[]` → `a`), or undefined at the top. */
function parentPath(path: string): string | undefined {
  const cut = Math.max(path.lastIndexOf('.'), path.endsWith('[]') ? path.length - 2 : -1);
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/** Whether the field's enclosing object exists on both sides (a field inside a new object is reported at the object). */
const parentInBoth = (old: Shape, now: Shape, path: string) => {
  const parent = parentPath(path);
  return parent === undefined || (usable(old, parent) !== undefined && usable(now, parent) !== undefined);
};

export const presence: Detector = {
  name: 'properties',
  kinds: sidedKinds(['property-added', 'required-property-added', 'property-removed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      for (const path of old.fields.keys()) {
        if (!usable(old, path) || usable(now, path)) continue;
        const parent = parentPath(path);
        if (parent !== undefined && !usable(now, parent)) continue;
        emit(
          `${side}.property-removed`,
          unit,
          path,
          now.fields.get(path)?.rejectsAll
            ? 'now rejected whatever its value'
            : side === 'request'
              ? 'no longer accepted'
              : 'no longer sent',
        );
      }
      for (const [path, after] of now.fields) {
        if (!usable(now, path) || usable(old, path)) continue;
        const parent = parentPath(path);
        if (parent !== undefined && !usable(old, parent)) continue;
        const again = old.fields.get(path)?.rejectsAll ? ' (accepted again)' : '';
        if (side !== 'request')
          emit(
            `${side}.property-added`,
            unit,
            path,
            `new field${after.required === 'always' ? ', always sent' : ''}${again}`,
          );
        else if (after.required === 'always')
          emit('request.required-property-added', unit, path, `new required field${again}`);
        // A new field required only under a condition is reported by the conditions detector.
        else if (after.required === 'never') emit('request.property-added', unit, path, `new optional field${again}`);
      }
    }
  },
};

export const conditions: Detector = {
  name: 'conditional requirements',
  kinds: sidedKinds(['conditional-requirement-added', 'conditional-requirement-removed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      // A requirement on a field the other side requires everywhere, on a field inside an object
      // one side lacks, or under a new (or dropped) alternative is reported as that, not here.
      const judge = (from: Shape, to: Shape, kind: string, verb: string) => {
        const variants = variantsOf(to);
        for (const [key, condition] of from.conditions) {
          if (to.conditions.has(key)) continue;
          const other = to.fields.get(condition.field);
          if (other?.required === 'always' || other?.rejectsAll || !parentInBoth(old, now, condition.field)) continue;
          if (!usable(to, condition.field) && side !== 'request') continue;
          if (!condition.variants.every((variant) => variants.has(variant))) continue;
          emit(kind, unit, condition.field, `${verb} when ${condition.when}`);
        }
      };
      judge(now, old, `${side}.conditional-requirement-added`, 'required');
      judge(old, now, `${side}.conditional-requirement-removed`, 'no longer required');
    }
  },
};

export const branches: Detector = {
  name: 'oneOf/anyOf branches',
  kinds: sidedKinds(['branch-added', 'branch-removed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      for (const [place, before] of old.branches) {
        const after = now.branches.get(place);
        if (!after) continue;
        const path = place === '(body)' ? '' : place;
        for (const name of before)
          if (!after.includes(name)) emit(`${side}.branch-removed`, unit, path, `alternative ${name} removed`, name);
        for (const name of after)
          if (!before.includes(name)) emit(`${side}.branch-added`, unit, path, `alternative ${name} added`, name);
      }
    }
  },
};

export const discriminators: Detector = {
  name: 'discriminator',
  kinds: sidedKinds(['discriminator-value-added', 'discriminator-value-removed', 'discriminator-property-changed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      for (const [place, before] of old.discriminators) {
        const after = now.discriminators.get(place);
        if (!after) continue;
        const at = (property: string) => (place === '(body)' ? property : `${place}.${property}`);
        if (before.property !== after.property) {
          emit(
            `${side}.discriminator-property-changed`,
            unit,
            at(after.property),
            `variants selected by ${at(after.property)} (was ${at(before.property)})`,
          );
          continue;
        }
        for (const value of before.values)
          if (!after.values.includes(value))
            emit(`${side}.discriminator-value-removed`, unit, at(after.property), `variant ${value} removed`, value);
        for (const value of after.values)
          if (!before.values.includes(value))
            emit(`${side}.discriminator-value-added`, unit, at(after.property), `variant ${value} added`, value);
      }
    }
  },
};

/**
 * `patternProperties` added to an object or taken from it. On an object that takes any other key,
 * a new pattern holds keys accepted unchecked before to its rules (the dotted spellings of
 * `x-dotted-names`), and a pattern taken away leaves them unchecked; on a closed object, the keys
 * it matches are new fields, or fields removed.
 */
export const patternKeys: Detector = {
  name: 'pattern properties',
  kinds: sidedKinds(['pattern-keys-checked', 'pattern-keys-unchecked', 'property-added', 'property-removed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      for (const [place, after] of now.patternKeys) {
        const before = old.patternKeys.get(place);
        if (!before) continue;
        const path = place === '(body)' ? '' : place;
        const judge = (from: PatternKeys, to: PatternKeys, open: string, closed: string, verb: string) => {
          const patterns = to.patterns.filter((pattern) => !from.patterns.includes(pattern));
          if (patterns.length === 0) return;
          const named = patterns
            .slice(0, 3)
            .map((pattern) => `\`${pattern}\``)
            .join(', ');
          const keys = `keys matching ${named}${patterns.length > 3 ? ` and ${patterns.length - 3} more pattern(s)` : ''}`;
          if (from.closed)
            for (const pattern of patterns) emit(closed, unit, path, `${verb}: keys matching \`${pattern}\``, pattern);
          else emit(open, unit, path, keys);
        };
        judge(before, after, `${side}.pattern-keys-checked`, `${side}.property-added`, 'accepted');
        judge(
          after,
          before,
          `${side}.pattern-keys-unchecked`,
          `${side}.property-removed`,
          side === 'request' ? 'no longer accepted' : 'no longer sent',
        );
      }
    }
  },
};

/** `x-amount-decimals`: an amount held to (or freed from) the decimals of the currency another field names. */
export const amountDecimals: Detector = {
  name: 'amount decimals',
  kinds: sidedKinds(['amount-decimals-added', 'amount-decimals-removed']),
  detect(base, head, emit) {
    for (const [unit, side, old, now] of commonSides(base, head)) {
      for (const [amount, currency] of now.amountDecimals)
        if (old.amountDecimals.get(amount) !== currency && usable(old, amount))
          emit(`${side}.amount-decimals-added`, unit, amount, `at most the decimals \`${currency}\` takes`);
      for (const [amount, currency] of old.amountDecimals)
        if (now.amountDecimals.get(amount) !== currency && usable(now, amount))
          emit(`${side}.amount-decimals-removed`, unit, amount, `no longer held to the decimals \`${currency}\` takes`);
    }
  },
};
