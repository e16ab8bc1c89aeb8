// The checked callback sample of a language (templates/docs/samples/callback-handler.*), with what
// a merchant must know beside it wherever it is shown: what its environment variables hold, on the
// platform and against the sandbox, and which callbacks' hash leaves `status` out (read from each
// recipe's coverage, variants included, so the words follow the spec's formulas).
import { recipeCoverage } from '../../model/signature-recipes.js';
import type { SpecModel, WebhookModel } from '../../model/spec-model.js';
import { PROTOCOL_TITLE } from './site.js';
import type { Templates } from './templates.js';

export function callbackSample(model: Pick<SpecModel, 'webhooks'>, templates: Templates, language: 'ts' | 'php'): string {
  return [templates.sample(`callback-handler.${language}`), callbackSettingsNote(), unsignedStatusNote(model)].join('\n\n');
}

/** What the callback sample's environment variables hold. */
function callbackSettingsNote(): string {
  return [
    '`MERCHANT_PASSWORD` is your merchant password, and `SIGNATURE_ALGORITHM` is `sha256` when the',
    'operator switched your account to SHA256 signatures (md5 otherwise). Against the sandbox,',
    "`MERCHANT_PASSWORD` is `merchants[0]`'s `password` of the line it prints when it starts, and",
    "`SIGNATURE_ALGORITHM` the merchant's `signatureAlgorithm` setting",
    '([Testing](/guide/testing#start-the-sandbox)).',
  ].join('\n');
}

/** Whether every formula of a callback's recipe (its cases and variants too) covers `status`. */
function signsStatus(webhook: WebhookModel): boolean {
  const formulas = [webhook.signature, ...Object.values(webhook.signature.variants ?? {})].flatMap(recipeCoverage);
  return formulas.every((formula) => (formula.allExcept ? !formula.allExcept.includes('status') : formula.fields.includes('status')));
}

/** Which callbacks' hash leaves `status` out, so a replay can change it. */
function unsignedStatusNote(model: Pick<SpecModel, 'webhooks'>): string {
  const callbacks = model.webhooks.filter((webhook) => webhook.kind === 'callback');
  const titles = (signed: boolean) => callbacks.filter((webhook) => signsStatus(webhook) === signed).map((webhook) => PROTOCOL_TITLE[webhook.protocol]);
  const [unsigned, signed] = [titles(false), titles(true)];
  if (unsigned.length === 0) return "Every callback's hash covers `status`.";
  const list = (names: readonly string[]) => names.join(' and ');
  const covered = signed.length > 0 ? ` (the ${list(signed)} callback's covers it)` : '';
  return `**\`status\` is not signed** on the ${list(unsigned)} callbacks: their hash does not cover it${covered}, so a replayed callback can carry any status. Confirm it with a status lookup before you ship an order.`;
}
