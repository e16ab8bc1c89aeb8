// The kit's scenario tables are the model's, not a copy typed again: every request example per
// S2S action and Checkout endpoint, every catalogued error with a message, the state table and
// the test data, and each callback's examples. And every catalogued error becomes an `errors`
// scenario, every standalone example an `examples` scenario.
import { beforeAll, describe, expect, it } from 'vitest';
import { operationRequestExamples, s2sRequestExamples, webhookExamples } from '../../generators/model/examples.js';
import type { SpecModel } from '../../generators/model/spec-model.js';
import { stateTable } from '../../generators/model/states.js';
import { testData } from '../../generators/model/test-data.js';
import { aliasVariants } from './support.js';
import { loadModel } from '../../generators/pipeline.js';
import { platformScenarioCounts } from '../../generated/conformance/src/index.js';
import { TABLES } from '../../generated/conformance/src/scenarios.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

let model: SpecModel;
beforeAll(async () => {
  model = await loadModel(PROJECT_ROOT);
});

describe('the conformance tables', () => {
  it("hold every S2S action and Checkout endpoint with the spec's examples and error catalogue", () => {
    expect(TABLES.s2s.map((entry) => `${entry.protocol} ${entry.action}`)).toEqual(
      model.s2sActions.map((action) => `${action.protocol} ${action.action}`),
    );
    for (const action of model.s2sActions) {
      const entry = TABLES.s2s.find(
        (candidate) => candidate.protocol === action.protocol && candidate.action === action.action,
      )!;
      expect(entry.examples.map((example) => example.key)).toEqual(
        s2sRequestExamples(model, action.protocol, action.action).map((example) => example.key),
      );
      expect(entry.errors).toEqual(action.errors);
      expect(entry.operation.action).toBe(action.action);
    }
    for (const operation of model.checkoutOperations) {
      const entry = TABLES.checkout.find((candidate) => candidate.operationId === operation.operationId)!;
      expect(entry.path).toBe(operation.path);
      expect(entry.examples.map((example) => example.body)).toEqual(
        operationRequestExamples(operation.operation).map((example) => example.value),
      );
      expect(entry.errors).toEqual(operation.errors);
    }
  });

  it("hold the state table, the test data and every callback's examples", () => {
    expect(TABLES.transitions).toEqual(stateTable(model).transitions);
    expect(TABLES.testData).toEqual(testData(model));
    const callbacks = model.webhooks.filter((webhook) => webhook.kind === 'callback');
    expect(TABLES.callbacks.map((entry) => entry.name)).toEqual(callbacks.map((webhook) => webhook.name));
    for (const webhook of callbacks)
      expect(TABLES.callbacks.find((entry) => entry.name === webhook.name)!.examples.length).toBe(
        webhookExamples(model, webhook.name).length,
      );
  });

  it('become one scenario per example, per catalogued error with a message, per signed operation and per callback protocol', () => {
    const counts = platformScenarioCounts();
    const operations = [...model.s2sActions, ...model.checkoutOperations];
    // One more per other name of an aliased id the example carries (chains.test.ts counts those).
    expect(counts.examples).toBe(
      TABLES.s2s.reduce((sum, entry) => sum + entry.examples.length, 0) +
        TABLES.checkout.reduce((sum, entry) => sum + entry.examples.length, 0) +
        aliasVariants(model),
    );
    expect(counts.errors).toBe(
      operations.reduce(
        (sum, operation) => sum + operation.errors.filter((error) => error.message !== undefined).length,
        0,
      ),
    );
    expect(counts.callbacks).toBe(
      new Set(model.webhooks.filter((webhook) => webhook.kind === 'callback').map((webhook) => webhook.protocol)).size,
    );
  });
});
