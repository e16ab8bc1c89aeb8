// A page per payment method (Checkout-only ones too): its `brand`, protocols, how the payer
// completes, currencies, its parameters in S2S wire names and as `parameters.<method>.<name>`,
// an example for each protocol it is offered on, and its S2S APM SALE as a TypeScript and a PHP sample.
import { refName, type SchemaObject } from '../../../model/json-schema.js';
import type { CardFlow, MethodEntry } from '../../../model/method-catalogue.js';
import { operationRequestExamples, s2sRequestExamples } from '../../../model/examples.js';
import { fieldList, fieldRows } from '../fields-table.js';
import { cell, code, page, prose, table } from '../markdown.js';
import { exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { clientSamples, jsonExample, wireExample } from '../samples.js';
import { clientOperation, methodId, paths, type Site } from '../site.js';

export function methodPage(site: Site, method: MethodEntry): string {
  const { model } = site;
  const id = methodId(method);
  const parameters = model.schema(method.parametersSchema);
  // On S2S the method's SALE branch may require what the set leaves optional: its need wins.
  const branch = method.brand ? saleBranch(model, method.brand) : undefined;
  const s2s = branch ? fieldRows(model, branch, 'form').filter((row) => row.wireName.startsWith('parameters[')) : fieldRows(model, parameters, 'form', ['parameters']);
  const checkout = fieldRows(model, parameters, 'json', ['parameters', id]);
  const apmSale = model.s2sActions.find((action) => action.protocol === 'apm' && action.action === 'SALE');
  const s2sExamples = method.brand && apmSale ? s2sRequestExamples(model, 'apm', 'SALE').filter((example) => example.value['brand'] === method.brand) : [];
  const session = model.checkoutOperations.find((operation) => operation.operationId === 'createSession');
  const checkoutExamples = session
    ? operationRequestExamples(session.operation).filter((example) => Array.isArray(example.value['methods']) && (example.value['methods'] as unknown[]).includes(id))
    : [];
  const offeredOnCheckout = method.protocols.some((protocol) => /checkout/i.test(protocol));
  const behaviour = [
    method.qr
      ? `The payer scans a QR code (the Base64 image in \`redirect_params.qr_code\`), valid ${method.qr.lifetimeSeconds} seconds. The bank's callback code ${Object.entries(method.qr.bankCallback).map(([bank, state]) => `${code(bank)} moves the payment to ${code(state)}`).join(', ')}; a status lookup maps ${Object.entries(method.qr.statusLookup).map(([bank, state]) => `${bank} to ${code(state)}`).join(', ')}.`
      : '',
    method.completionWindow ? `A payer who does not complete within ${method.completionWindow.seconds / 60} minutes: the payment becomes ${code(method.completionWindow.then)}.` : '',
  ].filter(Boolean);
  return page(
    `# ${prose(method.title)}`,
    method.notes ? prose(method.notes) : undefined,
    table(
      ['', ''],
      [
        ['Method id', `${code(id)}${method.label !== id ? ` (the document's label ${code(method.label)}; spec/deployment.yaml sets the real value)` : ''}`],
        ['S2S APM `brand`', method.brand ? code(method.brand) : 'none: Checkout only'],
        ['Protocols', cell(method.protocols.join(', '))],
        ['The payer completes by', cell(method.completion.join(', ') || 'not shown')],
        ['Currencies', cell(method.currencies?.join(', ') ?? 'not restricted in the document')],
        ['Countries', cell(method.countries?.join(', ') ?? 'not restricted in the document')],
      ],
    ),
    behaviour.join('\n\n'),
    ...(method.cardFlow ? cardFlowSection(method.cardFlow) : []),
    '## Parameters',
    s2s.length === 0 ? 'This method takes no method-specific parameters.' : undefined,
    s2s.length > 0 && method.brand ? `### S2S APM\n\nSent with \`action=SALE\` and \`brand=${method.brand}\` (see [SALE (S2S APM)](${apmSale ? paths.action(apmSale) : '/'})).` : undefined,
    s2s.length > 0 && method.brand ? fieldList(s2s, 'form') : undefined,
    checkout.length > 0 && (offeredOnCheckout || !method.brand) ? `### Checkout\n\nIn the session request, under \`parameters.${id}\`, with \`${id}\` listed in \`methods\` (see [Create a Checkout session](${session ? paths.checkout(session) : '/'})).` : undefined,
    checkout.length > 0 && (offeredOnCheckout || !method.brand) ? fieldList(checkout, 'json') : undefined,
    s2sExamples.length + checkoutExamples.length > 0 ? '## Examples' : undefined,
    ...s2sExamples.flatMap((example) => [`**S2S APM: ${prose(example.summary ?? example.key)}**`, wireExample(apmSale!.requestSchemaName, signedExample(apmSale!.signature, example.value, {}))]),
    ...checkoutExamples.flatMap((example) => [`**Checkout: ${prose(example.summary ?? example.key)}**`, jsonExample(session!.requestSchemaName, signedExample(session!.signature, example.value, {}))]),
    s2sExamples[0] ? '## Sample' : undefined,
    s2sExamples[0] ? `The S2S APM SALE of the first example, in TypeScript and in PHP.` : undefined,
    s2sExamples[0] ? clientSamples(clientOperation(site, 'apm', 'SALE'), s2sExamples[0].value, exampleSigning(site.model, clientOperation(site, 'apm', 'SALE').signingFields)) : undefined,
  );
}

/** A wallet's card flow: what must hold for the platform to keep the card, and what each protocol does otherwise. */
function cardFlowSection(flow: CardFlow): string[] {
  const requires = flow.requires.map((requirement) => requirement.replace(/-/g, ' '));
  return [
    '## Card flow',
    `A payment is ${code(flow.default)} by default: the platform keeps the card behind the token only when all of these hold: ${requires.join('; ')}. ${prose(flow.whenMet)}`,
    table(
      ['Protocol', 'When one does not hold'],
      Object.entries(flow.whenUnmet).map(([protocol, answer]) => [code(protocol), answer === 'error' ? 'the payment is refused with an error' : `${code(answer)}: ${cell(flow.virtual)}`]),
    ),
    `Without decrypted data in the token: ${prose(flow.withoutDecryptedData)} With a PAN_ONLY token, 3DS is the ${prose(flow.panOnly3ds)}'s responsibility.`,
  ];
}

/** The S2S APM SALE branch a `brand` selects (the `brand` discriminator's mapping). */
function saleBranch(model: Site['model'], brand: string): SchemaObject | undefined {
  for (const schema of model.schemas.values()) {
    const ref = schema.discriminator?.propertyName === 'brand' ? schema.discriminator.mapping?.[brand] : undefined;
    if (ref) return model.schema(refName(ref));
  }
  return undefined;
}

/** The landing page's method table, each method linking to its page. */
export function methodsTable(site: Site): string {
  return table(
    ['Method', '`brand`', 'Protocols', 'The payer completes by'],
    site.methods.map((method) => [`[${cell(method.title)}](${paths.method(method)})`, method.brand ? code(method.brand) : 'Checkout only', cell(method.protocols.join(', ')), cell(method.completion.join(', '))]),
  );
}
