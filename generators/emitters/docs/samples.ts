// Samples produced by the code merchants run: wire examples by the runtime's form encoder,
// worked signatures by the runtime's signer, TypeScript and PHP calls of the generated clients.
// The tests in test/docs decode, recompute, type-check and lint every one of them, and run the
// PHP calls against the sandbox.
import { encodeFormComponent, flattenForm, type FormObject } from '../../../templates/runtime/form-codec.js';
import { computeSignature, signatureBytes, type SignatureRecipe } from '../../../templates/runtime/signature.js';
import type { ClientOperation } from '../../model/operations.js';
import { EXAMPLE_PASSWORD } from '../../shared/example-signing.js';
import { recipeFields, type SignatureRecipeData } from '../../model/signature-recipes.js';
import { PhpCode, phpLiteral } from '../../shared/php-literal.js';
import { clientCallPath, clientInput, Expression, typescriptCall } from '../../../templates/docs/theme/typescript-call.js';
import { codeGroup, fence, marker } from './markdown.js';
import { createHash } from 'node:crypto';

/** A form body, one `name=value` pair a line, brackets left readable (the decoder accepts them). */
export function wireLines(fields: FormObject): string {
  return flattenForm(fields)
    .map(([key, value]) => `${key}=${encodeFormComponent(value)}`)
    .join('\n');
}

export function wireExample(schemaName: string, fields: Record<string, unknown>): string {
  return `${marker('wire', schemaName)}\n\n${fence('text', wireLines(fields as FormObject))}`;
}

export function jsonExample(schemaName: string, fields: unknown): string {
  return `${marker('json', schemaName)}\n\n${fence('json', JSON.stringify(fields, null, 2))}`;
}

/**
 * A worked signature: the fields the recipe reads (form-encoded), the password, the string
 * before the digests, each digest, the hash. `constant` names the client's recipe constant.
 */
export function workedSignature(constant: string, recipe: SignatureRecipeData, fields: Readonly<Record<string, unknown>>): string {
  const runtimeRecipe = recipe as SignatureRecipe;
  const readsAll = JSON.stringify(recipe.input).includes('sortedValues');
  const names = readsAll ? Object.keys(fields).filter((name) => name !== 'hash') : recipeFields(recipe).map((name) => name.split('.')[0]!);
  // Dotted names (`order.amount`) read nested JSON: the nested object is shown whole.
  const shown = Object.fromEntries([...new Set(names)].filter((name) => fields[name] !== undefined && fields[name] !== '').map((name) => [name, fields[name]]));
  const bytes = signatureBytes(runtimeRecipe, fields, EXAMPLE_PASSWORD);
  const lines = ['Signed fields:', wireLines(shown as FormObject), `Password: ${EXAMPLE_PASSWORD}`, `String to sign: ${Buffer.from(bytes, 'latin1').toString('utf8')}`];
  // Each digest runs over the previous one's hex text, as the runtime does.
  let data = bytes;
  for (const digest of recipe.digests) {
    data = createHash(digest).update(data, 'latin1').digest('hex');
    lines.push(`${digest}: ${data}`);
  }
  const hash = computeSignature(runtimeRecipe, fields, EXAMPLE_PASSWORD);
  if (hash !== data) throw new Error(`${constant}: the worked steps do not give the runtime's hash`);
  lines.push(`hash: ${hash}`);
  return `${marker('signature', constant)}\n\n${fence('text', lines.join('\n'))}`;
}

/** Where an operation's sample sends, and the client input it passes: the same for every language. */
function sampleCall(operation: ClientOperation, example: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>) {
  const headers = operation.headers.length > 0 ? Object.fromEntries(operation.headers.map((name) => [name, new Expression('process.env.SESSION_TOKEN!')])) : undefined;
  const s2s = operation.protocol !== 'checkout';
  return {
    input: clientInput(example, operation.clientFilled, operation.signingFields.length > 0 ? signing : undefined, headers),
    urlVariable: s2s ? 'GATEWAY_URL' : 'CHECKOUT_URL',
    keyVariable: s2s ? 'CLIENT_KEY' : 'MERCHANT_KEY',
    group: s2s ? operation.protocol : 'checkout',
    method: operation.names.method,
  };
}

/**
 * A TypeScript call of the generated client for an operation, with an example's fields as input
 * (the Try-it panel's code path); `then`: what it does with the answer `response`.
 */
export function typescriptSample(operation: ClientOperation, example: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>, title?: string, then?: readonly string[]): string {
  const { input, urlVariable, keyVariable, method } = sampleCall(operation, example, signing);
  const settings = { baseUrl: new Expression(`process.env.${urlVariable}!`), merchantKey: new Expression(`process.env.${keyVariable}!`), password: new Expression('process.env.MERCHANT_PASSWORD!') };
  return fence('ts', typescriptCall({ protocol: operation.protocol, call: clientCallPath(operation.protocol, method), input, settings, ...(then ? { then } : {}) }), title);
}

/** The PHP client's call for an operation, with the same example's fields as its input array. */
export function phpSample(operation: ClientOperation, example: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>, title?: string): string {
  const { input, urlVariable, keyVariable, group, method } = sampleCall(operation, example, signing);
  const headers = input['headers'] as Record<string, unknown> | undefined;
  const phpInput = headers ? { ...input, headers: Object.fromEntries(Object.keys(headers).map((name) => [name, new PhpCode("getenv('SESSION_TOKEN')")])) } : input;
  return fence(
    'php',
    [
      '<?php',
      '',
      "require __DIR__ . '/vendor/autoload.php';",
      '',
      'use PaymentGateway\\MerchantClient\\Configuration;',
      'use PaymentGateway\\MerchantClient\\Exception\\GatewayException;',
      'use PaymentGateway\\MerchantClient\\Gateway;',
      '',
      '$gateway = new Gateway(new Configuration(',
      `    baseUrl: getenv('${urlVariable}'),`,
      `    merchantKey: getenv('${keyVariable}'),`,
      "    password: getenv('MERCHANT_PASSWORD'),",
      '));',
      '',
      'try {',
      `    $response = $gateway->${group}()->${method}(${phpLiteral(phpInput, '    ')});`,
      '    echo json_encode($response, JSON_PRETTY_PRINT), PHP_EOL;',
      '} catch (GatewayException $error) {',
      '    // Validation, transport and platform errors; card data is masked in every one.',
      "    error_log($error->kind() . ': ' . $error->getMessage());",
      '}',
    ].join('\n'),
    title,
  );
}

/** The operation's sample in every language the docs show, as tabs of one code group; `signing`: exampleSigning() of its signing fields. */
export function clientSamples(operation: ClientOperation, example: Readonly<Record<string, unknown>>, signing: Readonly<Record<string, string>>): string {
  const { urlVariable, keyVariable } = sampleCall(operation, example, signing);
  return `${codeGroup(typescriptSample(operation, example, signing, 'TypeScript'), phpSample(operation, example, signing, 'PHP'))}\n\n${settingsNote(urlVariable, keyVariable)}`;
}

/** What the samples' environment variables hold, against the platform and against the sandbox. */
export function settingsNote(urlVariable: string, keyVariable: string): string {
  return `\`${urlVariable}\`, \`${keyVariable}\` and \`MERCHANT_PASSWORD\` are your deployment's URL, merchant key and password. Against the sandbox they are the \`url\` and \`merchants[0]\`'s \`key\` and \`password\` of the line it prints when it starts ([Testing](/guide/testing#start-the-sandbox)).`;
}
