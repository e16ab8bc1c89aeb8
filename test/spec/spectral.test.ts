// A second linter over the bundle: Spectral with its own OpenAPI ruleset (spectral:oas,
// recommended), run offline on the bundled spec the generators read. Redocly lints the sources
// with the project's conventions; Spectral catches what its ruleset knows (an array without
// `items`, unused components, bad examples, ...).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/spec-examples.js';

async function lint(text: string): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const results = await spectral.run(new Document(text, Yaml, 'openapi.yaml'));
  // Severity 0 is error, 1 warning; hints and information are left out.
  return results.filter((result) => result.severity <= 1).map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`);
}

describe('spectral (spectral:oas recommended)', () => {
  it('reports no error or warning on the bundled spec', async () => {
    expect(await lint(readFileSync(join(PROJECT_ROOT, 'generated', 'openapi.yaml'), 'utf8'))).toEqual([]);
  });

  it('reports an array schema without items', async () => {
    const spec = [
      'openapi: 3.1.0',
      'info: {title: t, version: "1", description: d, contact: {name: c}}',
      'servers: [{url: "https://pay.example"}]',
      'tags: [{name: a, description: a}]',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Params: {type: array, maxItems: 0}',
    ].join('\n');
    expect((await lint(spec)).join('\n')).toMatch(/^array-items components.schemas.Params/m);
  });
});
