// The condition a validator's `then`/`else` branch applies under, appended to its messages so an
// issue says why the rule applies: "must not be present (when auth is Y)". The words are the
// model's (generators/model/conditions.ts), the same the docs and the gate's report use; shared by
// the validator emitters of every language, so an issue reads the same from each client.
import { conditionClause, conditionOf, negate, PLAIN, conditionText, type Condition as ModelCondition } from '../model/conditions.js';
import type { JsonSchema } from '../model/json-schema.js';

export interface Condition {
  readonly condition: ModelCondition;
  /** The condition in words, or '' when words cannot tell it (a test other than a field's value or presence). */
  readonly phrase: string;
}

const told = (condition: ModelCondition): boolean =>
  condition.kind === 'rule' || condition.kind === 'always'
    ? false
    : condition.kind === 'all' || condition.kind === 'any'
      ? condition.of.every(told)
      : condition.kind === 'not'
        ? told(condition.of)
        : true;

function described(condition: ModelCondition): Condition {
  return { condition, phrase: told(condition) ? conditionText(condition, PLAIN) : '' };
}

export function describeCondition(schema: JsonSchema): Condition {
  return described(conditionOf(schema));
}

export function negateCondition(condition: Condition): Condition {
  return described(negate(condition.condition));
}

export function conditionSuffix(condition: Condition | undefined): string {
  if (!condition || condition.phrase === '') return '';
  return ` (${conditionClause(condition.condition, PLAIN)})`;
}
