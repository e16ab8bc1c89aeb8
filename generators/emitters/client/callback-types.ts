// Types of the callbacks part, derived from each webhook's `x-signature` recipe: the signing
// context a verifier may pass (by the names the merchant's own request used), and which fields
// of a verified callback the hash covers.
import type { WebhookModel } from '../../model/spec-model.js';
import { webhookNames } from '../../model/names.js';
import { recipeCoverage } from '../../model/signature-recipes.js';
import { exportedType, propertyKey, stringLiteral } from '../../shared/code-text.js';

const union = (names: readonly string[]) => names.map(stringLiteral).join(' | ') || 'never';

interface ContextEntry {
  /** Path of the name, split on dots (`order.amount` → order, amount). */
  readonly path: readonly string[];
  readonly required: boolean;
}

/** Object type text of entries keyed by path: `{ readonly order: { readonly amount: string } }`. */
function objectType(entries: readonly ContextEntry[]): string {
  const groups = new Map<string, ContextEntry[]>();
  for (const entry of entries) {
    const [head, ...rest] = entry.path;
    groups.set(head!, [...(groups.get(head!) ?? []), { path: rest, required: entry.required }]);
  }
  const members = [...groups].map(([key, children]) => {
    const leaf = children.every((child) => child.path.length === 0);
    const required = children.some((child) => child.required);
    return `readonly ${propertyKey(key)}${required ? '' : '?'}: ${leaf ? 'string' : objectType(children)}`;
  });
  return `{ ${members.join('; ')} }`;
}

/**
 * The signing context of a webhook, or undefined when its signature needs nothing from the
 * merchant. By the request's names (`card_number`, `order.amount`), or by the recipe's own
 * (`card`, `order_amount`): both verify. A value the webhook never carries is required.
 */
export function signingContextType(webhook: WebhookModel): string | undefined {
  const fields = [...new Set([...Object.keys(webhook.context), ...webhook.signingFields])].sort();
  if (fields.length === 0) return undefined;
  const required = (field: string) => webhook.signingFields.includes(field);
  const byRequest = objectType(
    fields.map((field) => ({ path: (webhook.context[field] ?? field).split('.'), required: required(field) })),
  );
  const byRecipe = objectType(fields.map((field) => ({ path: [field], required: required(field) })));
  return byRequest === byRecipe ? byRequest : `${byRequest} | ${byRecipe}`;
}

/** Which fields the hash covers: in every formula of the recipe, in some, or (sortedValues) all. */
function coverage(webhook: WebhookModel): { always: string[]; sometimes: string[]; all: boolean } {
  const formulas = recipeCoverage(webhook.signature);
  const covers = (formula: (typeof formulas)[number], field: string) =>
    formula.allExcept ? !formula.allExcept.includes(field) : formula.fields.includes(field);
  const named = [...new Set(formulas.flatMap((formula) => formula.fields))].filter((field) => field !== 'hash');
  return {
    always: named.filter((field) => formulas.every((formula) => covers(formula, field))).sort(),
    sometimes: named.filter((field) => !formulas.every((formula) => covers(formula, field))).sort(),
    all: formulas.some((formula) => formula.allExcept),
  };
}

/** `<Name>SigningContext`, `<Name>SignedFields`, `<Name>UnsignedFields` of one webhook. */
export function webhookTypes(webhook: WebhookModel): string[] {
  const names = webhookNames(webhook.name);
  const schema = webhook.schemaName;
  const context = signingContextType(webhook);
  const { always, sometimes, all } = coverage(webhook);
  const covered = [...always, ...sometimes];
  const signed = [
    `PickFields<${schema}, ${union(always)}>`,
    ...(all
      ? [`Partial<OmitFields<${schema}, ${union(['hash', ...always])}>>`]
      : sometimes.length > 0
        ? [`Partial<PickFields<${schema}, ${union(sometimes)}>>`]
        : []),
  ].join(' & ');
  const unsigned = all
    ? `Partial<OmitFields<${schema}, ${union(['hash', ...always])}>>`
    : [
        `OmitFields<${schema}, ${union(['hash', ...covered])}>`,
        ...(sometimes.length > 0 ? [`Partial<PickFields<${schema}, ${union(sometimes)}>>`] : []),
      ].join(' & ');
  const coveredText = all
    ? `every field but \`hash\`${always.length > 0 ? ` (or only ${always.map((field) => `\`${field}\``).join(', ')} for some callbacks)` : ''}`
    : covered.map((field) => `\`${field}\``).join(', ');
  return [
    ...(context
      ? [
          exportedType({
            name: names.signingContext,
            doc: `What the \`${webhook.name}\` signature covers that the ${webhook.kind === 'callback' ? 'callback' : 'query'} may not carry, from your own order, by the names your request used. Hashed, never sent.`,
            type: context,
          }),
        ]
      : []),
    exportedType({
      name: names.signedFields,
      doc: `The \`${webhook.name}\` fields its hash covers: ${coveredText}.`,
      type: signed,
    }),
    exportedType({
      name: names.unsignedFields,
      doc: `The \`${webhook.name}\` fields its hash does not cover: a replayed callback can carry any value in them. Confirm a status before acting on it.`,
      type: unsigned,
    }),
  ];
}
