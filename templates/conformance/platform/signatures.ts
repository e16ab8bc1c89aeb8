// Family `signatures`: for every operation with a standalone example, the same request with a
// wrong hash (the recipe over the wrong password) is refused.
import { computeSignature } from '@payment-gateway/merchant-client';
import type { Scenario } from '../runner.js';
import type { Target } from '../wire.js';
import { refusal, sendTo, standalone } from './examples.js';
import { operationTitle, type IdentifierTables, type Operation } from './operations.js';
import { fresh } from './requests.js';

export function signatureScenarios(
  target: Target,
  identifiers: IdentifierTables,
  operations: readonly Operation[],
): Scenario[] {
  return operations.flatMap((operation): Scenario[] => {
    const example = operation.entry.examples.find(
      (candidate) => standalone(identifiers, operation, candidate) === undefined,
    );
    if (!example || !operation.entry.operation.signature) return [];
    return [
      {
        id: `signatures/${operationTitle(operation)}`,
        family: 'signatures',
        title: `${operationTitle(operation)} with a wrong hash is refused`,
        async run(context) {
          const body = fresh(example);
          // The key goes in the operation's own key field (the model's), as the client sends it.
          const { keyField } = operation.entry.operation;
          const wrong = computeSignature(
            operation.entry.operation.signature!,
            { ...body, ...(keyField ? { [keyField]: target.merchantKey } : {}) },
            `${target.password}-wrong`,
          );
          const answer = await sendTo(target, operation, body, wrong);
          context.saw(answer.exchange);
          if (refusal(operation, answer) === undefined)
            return context.differ(`a request signed with the wrong password was accepted (HTTP ${answer.status})`);
        },
      },
    ];
  });
}
