// Light entry points: the client loads each request schema's validator on the operation's first
// call, and the validators are laid out in modules by the request schemas that reach them, so a
// bundler splits them and a merchant calling two operations through createS2SClient loads two.
// Large parts a request may leave out (connector parameters, a wallet token) are deferred further,
// to modules loaded the first time a request carries them.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ValidatorCompiler } from '../../generators/emitters/validators/compile-schema.js';
import { deferredFunctions, layoutValidators } from '../../generators/emitters/validators/modules.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { TWO_ACTION_LOADS } from '../../bench/bundle-size.js';
import { buildRequest } from '../../generated/client/src/runtime/pipeline.js';
import { createS2SClient, createS2STransport, saleCard, saleCardOperation } from '../../generated/client/src/s2s.js';
import { ConfigurationError } from '../../generated/client/src/runtime/errors.js';
import { CARD_SALE, CLIENT_KEY } from '../support/fixtures.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const CLIENT_SRC = join(PROJECT_ROOT, 'generated', 'client', 'src');

describe('layoutValidators', () => {
  // Each declaration's references, and which root function belongs to which request schema.
  const graph: Record<string, string[]> = {
    v_Sale: ['v_Card', 'v_Amount', 'PATTERN_1'],
    v_Auth: ['v_Card', 'v_Amount'],
    v_Status: ['v_Ref'],
    v_Card: ['PATTERN_1'],
    v_Amount: [],
    v_Ref: [],
    PATTERN_1: [],
    v_CallbackOnly: ['v_Amount'],
    v_Lonely: [],
  };
  const roots = new Map([
    ['v_Sale', 'SaleRequest'],
    ['v_Auth', 'AuthRequest'],
    ['v_Status', 'StatusRequest'],
  ]);
  const declarations = Object.keys(graph).map((name) => ({ name }));
  const cases = [
    { name: 'large shared groups get their own module', small: 0 },
    { name: 'small shared groups join validate/shared/common', small: Infinity },
  ];
  it.each(cases)('$name', ({ small }) => {
    const layout = layoutValidators(declarations, (declaration) => graph[declaration.name]!, roots, () => (small === Infinity ? 1 : 1e9));
    const modules = Object.fromEntries(layout.modules.map((module) => [module.path, module.declarations.map((declaration) => declaration.name)]));
    // What no request schema reaches stays in validators.ts, even when it uses shared code.
    expect(layout.main.map((declaration) => declaration.name)).toEqual(['v_CallbackOnly', 'v_Lonely']);
    expect(modules['validate/SaleRequest']).toEqual(['v_Sale']);
    expect(modules['validate/AuthRequest']).toEqual(['v_Auth']);
    expect(modules['validate/StatusRequest']).toEqual(['v_Status', 'v_Ref']);
    const shared = small === Infinity ? 'validate/shared/common' : 'validate/shared/AuthRequest+SaleRequest';
    expect(modules[shared]).toEqual(['v_Card', 'v_Amount', 'PATTERN_1']);
    expect(layout.home.get('v_Amount')).toBe(shared);
  });

  it('code only two requests share joins common only when smaller than code more requests share may be', () => {
    const wide: Record<string, string[]> = {
      v_Sale: ['v_Pair', 'v_TinyPair', 'v_Wide'],
      v_Auth: ['v_Pair', 'v_Wide'],
      v_Status: ['v_TinyPair', 'v_Wide'],
      v_Pair: [],
      v_TinyPair: [],
      v_Wide: [],
    };
    const sizes: Record<string, number> = { v_Pair: 3000, v_TinyPair: 100, v_Wide: 3000 };
    const layout = layoutValidators(
      Object.keys(wide).map((name) => ({ name })),
      (declaration) => wide[declaration.name]!,
      roots,
      (declaration) => sizes[declaration.name] ?? 10,
    );
    expect(layout.home.get('v_Pair')).toBe('validate/shared/AuthRequest+SaleRequest');
    expect(layout.home.get('v_TinyPair')).toBe('validate/shared/common');
    expect(layout.home.get('v_Wide')).toBe('validate/shared/common');
  });
});

describe('which compiled functions may be deferred', () => {
  // A request whose parts are: `order` (required), `payer` (required through allOf), `parameters`
  // (optional), `items` (each item), a oneOf branch whose `token` it requires, and `Base` applied in place.
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  // Distinct contents: schemas of the same content share one function.
  const object = (maxLength: number) => ({ type: 'object', properties: { a: { type: 'string', maxLength } } });
  const schemas = {
    Request: {
      type: 'object',
      required: ['order'],
      properties: { order: ref('Order'), parameters: ref('Parameters'), items: { type: 'array', items: ref('Item') } },
      allOf: [ref('Base')],
      oneOf: [ref('Wallet'), { required: ['card'] }],
    },
    Base: { required: ['payer'], properties: { payer: ref('Payer') } },
    Wallet: { required: ['token'], properties: { token: ref('Token') } },
    Order: { type: 'object', required: ['lines'], properties: { lines: ref('Lines') } },
    ...Object.fromEntries(['Payer', 'Parameters', 'Item', 'Token', 'Lines'].map((name, index) => [name, object(index + 1)])),
  };
  const document = { openapi: '3.1.0', info: { title: 'parts', version: '1' }, paths: {}, components: { schemas } } as unknown as OpenApiDocument;
  const compiler = new ValidatorCompiler(buildSpecModel(document, []));
  compiler.component('Request');

  it('parts only: functions applied to a property, an item or a content, never to the value itself', () => {
    const parts = compiler.partsOnly();
    for (const name of ['v_Item', 'v_Lines', 'v_Order', 'v_Parameters', 'v_Payer', 'v_Token']) expect(parts.has(name), name).toBe(true);
    for (const name of ['v_Request', 'v_Base', 'v_Wallet']) expect(parts.has(name), name).toBe(false);
  });
  it('always applied: the parts every valid request carries, required where it is applied unconditionally, and theirs', () => {
    expect([...compiler.alwaysApplied('Request')].sort()).toEqual(['v_Lines', 'v_Order', 'v_Payer']);
  });
});

describe('deferredFunctions', () => {
  // v_Sale applies, each to a part of its value: v_Parameters (v_SetA and v_Cart only through it),
  // v_Order, v_Tiny, v_Wrapper (large only through v_Amount, which v_Sale applies itself).
  const graph: Record<string, { refs: string[]; size: number }> = {
    v_Sale: { refs: ['v_Parameters', 'v_Order', 'v_Tiny', 'v_Wrapper', 'v_Amount'], size: 1000 },
    v_Parameters: { refs: ['v_Cart', 'v_Amount', 'v_SetA'], size: 1000 },
    v_SetA: { refs: [], size: 9000 },
    v_Cart: { refs: [], size: 20000 },
    v_Order: { refs: [], size: 20000 },
    v_Tiny: { refs: [], size: 500 },
    v_Wrapper: { refs: ['v_Amount'], size: 1000 },
    v_Amount: { refs: [], size: 9000 },
    v_Refund: { refs: ['v_Shared'], size: 1000 },
    v_Shared: { refs: [], size: 9000 },
  };
  const declarations = Object.keys(graph).map((name) => ({ name }));
  const deferred = (candidates: string[], roots = ['v_Sale']) =>
    [...deferredFunctions(declarations, (declaration) => graph[declaration.name]!.refs, roots, new Set(candidates), (declaration) => graph[declaration.name]!.size)].sort();
  it.each([
    { name: 'a large part is deferred, with the code only it reaches', candidates: ['v_Parameters'], roots: ['v_Sale'], want: ['v_Parameters'] },
    { name: 'a small part stays', candidates: ['v_Tiny'], roots: ['v_Sale'], want: [] },
    { name: 'code the request reaches otherwise does not count', candidates: ['v_Wrapper'], roots: ['v_Sale'], want: [] },
    { name: 'only candidates (parts no request always carries) are deferred', candidates: [], roots: ['v_Sale'], want: [] },
    { name: 'one level only: a piece reached only through another stays with it', candidates: ['v_Parameters', 'v_Cart', 'v_Order'], roots: ['v_Sale'], want: ['v_Order', 'v_Parameters'] },
    { name: 'what no request reaches stays', candidates: ['v_Shared'], roots: ['v_Sale'], want: [] },
    { name: 'a piece is judged by the requests that reach it', candidates: ['v_Shared'], roots: ['v_Sale', 'v_Refund'], want: ['v_Shared'] },
  ])('$name', ({ candidates, roots, want }) => {
    expect(deferred(candidates, roots)).toEqual(want);
  });
});

describe('a consumer of createS2SClient bundled with code splitting', () => {
  it('loads the validators of the operations it calls and no others', async () => {
    const contents = `import { createS2SClient } from './index.js';
const client = createS2SClient({ baseUrl: 'https://gateway.example', merchantKey: 'key', password: 'secret' });
await client.card.sale({} as never);
await client.card.getTransStatus({} as never);
`;
    const result = await build({
      stdin: { contents, resolveDir: CLIENT_SRC, sourcefile: 'entry.ts', loader: 'ts' },
      bundle: true,
      splitting: true,
      outdir: '/split',
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([path, output]) => [path.split('/').pop()!, output]));
    const chunkOf = (entry: string) => Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith(entry))!;
    /** Inputs of a chunk and of everything it imports statically. */
    const inputsFrom = (chunk: string, seen = new Set<string>()): string[] => {
      if (seen.has(chunk) || !outputs[chunk]) return [];
      seen.add(chunk);
      const own = Object.keys(outputs[chunk]!.inputs).map((path) => path.replace(/^.*generated\/client\/src\//, ''));
      const imported = outputs[chunk]!.imports.filter((entry) => entry.kind === 'import-statement').flatMap((entry) => inputsFrom(entry.path.split('/').pop()!, seen));
      return [...own, ...imported];
    };
    const entry = inputsFrom(chunkOf('entry.ts'));
    expect(entry).toContain('s2s.ts');
    expect(entry.filter((path) => path.startsWith('validate/') || path === 'validators.ts')).toEqual([]);
    const sale = inputsFrom(chunkOf('validate/SaleCardRequest.ts'));
    expect(sale).toContain('validate/SaleCardRequest.ts');
    expect(inputsFrom(chunkOf('validate/GetTransStatusRequest.ts'))).toContain('validate/GetTransStatusRequest.ts');
    for (const other of ['validate/SaleApmRequest.ts', 'validate/Credit2VirtualRequest.ts', 'validate/SessionRequest.ts', 'validators.ts']) expect(sale).not.toContain(other);
    // A plain sale loads neither the connector parameter sets nor the wallet token's content
    // schemas: they are chunks of their own, loaded when a sale carries them.
    expect(sale.filter((path) => path.startsWith('validate/deferred/'))).toEqual([]);
    for (const piece of ['validate/deferred/SaleCardParameters.ts', 'validate/deferred/PaymentToken.ts']) {
      expect(chunkOf(piece), piece).toBeDefined();
      expect(sale).not.toContain(piece);
    }
  });
});

describe('the bundle-size bench counts what its two-action consumer runs', () => {
  it('its sale reaches no deferred piece: the validator answers at once, so TWO_ACTION_LOADS is all it loads', async () => {
    expect(TWO_ACTION_LOADS).toContain('validate/SaleCardRequest.ts');
    const { validate } = await saleCardOperation.validator();
    const body = buildRequest(saleCardOperation, { baseUrl: 'https://gateway.example', merchantKey: CLIENT_KEY, password: 'secret' }, CARD_SALE);
    expect(validate(body, 'form')).toEqual({ ok: true, value: body });
  });
});

describe('the light form: createS2STransport and the standalone functions', () => {
  it('bundled as one file without splitting, holds the validators of the operations imported and no others', async () => {
    const contents = `import { createS2STransport, getTransStatusCard, saleCard } from './index.js';
const transport = createS2STransport({ baseUrl: 'https://gateway.example', merchantKey: 'key', password: 'secret' });
await saleCard(transport, {} as never);
await getTransStatusCard(transport, {} as never);
`;
    const result = await build({
      stdin: { contents, resolveDir: CLIENT_SRC, sourcefile: 'entry.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path.replace(/^.*generated\/client\/src\//, ''));
    const requests = inputs.filter((path) => /^validate\/[^/]+Request\.ts$/.test(path)).sort();
    expect(requests).toEqual(['validate/GetTransStatusRequest.ts', 'validate/SaleCardRequest.ts']);
    expect(inputs).not.toContain('validators.ts');
  });

  it('sends what createS2SClient sends, to the same address (postPath included)', async () => {
    const sent: { url: string; body: string }[] = [];
    const options = {
      baseUrl: 'https://gateway.example',
      merchantKey: CLIENT_KEY,
      password: 'secret',
      postPath: '/post-va',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push({ url: request.url, body: await request.text() });
        return Response.json({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'o-1', trans_id: 't-1' });
      },
    };
    const light = await saleCard(createS2STransport(options), CARD_SALE);
    const full = await createS2SClient(options).card.sale(CARD_SALE);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('https://gateway.example/post-va');
    expect(sent[0]).toEqual(sent[1]);
    expect(light).toEqual(full);
  });

  it('refuses a baseUrl that already ends in the S2S path, as createS2SClient does', () => {
    const options = { baseUrl: 'https://gateway.example/post', merchantKey: CLIENT_KEY, password: 'secret' };
    expect(() => createS2STransport(options)).toThrow(ConfigurationError);
    expect(() => createS2SClient(options)).toThrow(ConfigurationError);
  });
});
