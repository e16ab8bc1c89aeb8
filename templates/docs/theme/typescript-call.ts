// The TypeScript call of the generated client for one operation: the one code path behind the
// docs pages' samples (generators/emitters/docs/samples.ts, from the spec's examples, settings
// from the environment) and the Try-it panel's "Copy as TypeScript" (from the reader's form,
// settings of the running sandbox). Imports nothing, so it runs in the browser and in Node.

/** Code written as it is rather than as a literal: `process.env.GATEWAY_URL!`. */
export class Expression {
  readonly code: string;
  constructor(code: string) {
    this.code = code;
  }
}

/** How the client reaches an operation: `s2s.card.sale`, `checkout.createSession`. */
export function clientCallPath(protocol: 'card' | 'apm' | 'checkout', method: string): string {
  return protocol === 'checkout' ? `checkout.${method}` : `s2s.${protocol}.${method}`;
}

/**
 * The client input for a wire request: its fields less those the client fills (`clientFilled`, the
 * model's list for the operation), then the signing values and headers it needs.
 */
export function clientInput(
  request: Readonly<Record<string, unknown>>,
  clientFilled: readonly string[],
  signing: Readonly<Record<string, unknown>> | undefined,
  headers: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const input: Record<string, unknown> = Object.fromEntries(
    Object.entries(request).filter(([name]) => !clientFilled.includes(name)),
  );
  if (signing) input['signing'] = signing;
  if (headers) input['headers'] = headers;
  return input;
}

/** A value as TypeScript source, objects one entry a line. */
function literal(value: unknown, indent: string): string {
  if (value instanceof Expression) return value.code;
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, indent)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const key = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));
    return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${literal(item, inner)},`).join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}

export interface TypescriptCall {
  readonly protocol: 'card' | 'apm' | 'checkout';
  /** clientCallPath() of the operation. */
  readonly call: string;
  /** clientInput() of the request. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The client's settings: values, or Expressions that read them from the environment. */
  readonly settings: { readonly baseUrl: unknown; readonly merchantKey: unknown; readonly password: unknown };
  /** What the sample does with the answer `response` (lines inside the `try`); it prints it by default. */
  readonly then?: readonly string[];
}

/** The call as a merchant writes it: create the client, call, tell the client's errors apart. */
export function typescriptCall({ protocol, call, input, settings, then }: TypescriptCall): string {
  const s2s = protocol !== 'checkout';
  const factory = s2s ? 'createS2SClient' : 'createCheckoutClient';
  return [
    `import { ${factory}, GatewayError } from '@payment-gateway/merchant-client';`,
    '',
    `const ${s2s ? 's2s' : 'checkout'} = ${factory}({`,
    `  baseUrl: ${literal(settings.baseUrl, '  ')},`,
    `  merchantKey: ${literal(settings.merchantKey, '  ')},`,
    `  password: ${literal(settings.password, '  ')},`,
    '});',
    '',
    'try {',
    `  const response = await ${call}(${literal(input, '  ')});`,
    ...(then ?? ['console.log(response);']).map((line) => `  ${line}`),
    '} catch (error) {',
    '  // Validation, transport and platform errors; card data is masked in every one.',
    '  if (error instanceof GatewayError) console.error(error.kind, error.message);',
    '  else throw error;',
    '}',
  ].join('\n');
}
