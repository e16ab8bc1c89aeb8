// Light entry points: the client loads each request schema's validator on the operation's first
// call, and the validators are laid out in modules by the request schemas that reach them, so a
// bundler splits them and a merchant calling two operations through createS2SClient loads two.
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { layoutValidators } from '../../generators/emitters/validators/modules.js';
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
  });
});
