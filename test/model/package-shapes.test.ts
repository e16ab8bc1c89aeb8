// The model writes its tables in the shapes the client package exports to the sandbox and the kit,
// without importing the package's templates (generators/model stands on its own). The two
// declarations of each shape are checked equal here, so neither drifts from the other.
import { describe, expectTypeOf, it } from 'vitest';
import type { ErrorCaseModel } from '../../generators/model/error-catalogue.js';
import type { Transition, TransitionEvent } from '../../generators/model/states.js';
import type { Scenario, TestCardModel, TestDataModel, TestIdentifierModel } from '../../generators/model/test-data.js';
import type {
  CardScenario,
  TestCard,
  TestData,
  TestIdentifier,
  TransitionEvent as PackageEvent,
  TransitionRule,
} from '../../templates/package/spec-behaviour.js';
import type { ErrorCase } from '../../templates/runtime/errors.js';

describe("the model's table shapes are the client package's", () => {
  it('state table rows', () => {
    expectTypeOf<Transition>().toEqualTypeOf<TransitionRule>();
    expectTypeOf<TransitionEvent>().toEqualTypeOf<PackageEvent>();
  });
  it('error cases', () => {
    expectTypeOf<ErrorCaseModel>().toEqualTypeOf<ErrorCase>();
  });
  it('test data', () => {
    expectTypeOf<Scenario>().toEqualTypeOf<CardScenario>();
    expectTypeOf<TestCardModel>().toEqualTypeOf<TestCard>();
    expectTypeOf<TestIdentifierModel>().toEqualTypeOf<TestIdentifier>();
    expectTypeOf<TestDataModel>().toEqualTypeOf<TestData>();
  });
});
