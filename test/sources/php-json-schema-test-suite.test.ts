// The official JSON-Schema-Test-Suite, draft 2020-12 (the JSON_SCHEMA_TEST_SUITE input), through
// the PHP validators: every group the PHP compiler accepts becomes a class of generated PHP, every
// test a verdict, from the predicate and from the reporting pass (which must find an issue exactly
// when the predicate says no). The keywords the spec itself uses are held to the TypeScript
// validators by validator-parity.test.ts; this holds every keyword to the suite. A group the
// compiler refuses (a `$ref` other than to a component, `$id`, `unevaluated*`, a format the PHP
// runtime lacks) is counted, not run; a group it accepts must agree on every test, except those
// listed in php-json-schema-test-suite.differences.yaml with the reason, and a listed test that agrees
// fails, so the list only shrinks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validatorsClass } from '../../generators/emitters/php/validation/index.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { JSON_SCHEMA_TEST_SUITE } from '../support/outside-inputs.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const DRAFT_DIR = join(JSON_SCHEMA_TEST_SUITE.dir, 'tests', 'draft2020-12');
const DIFFERENCES_FILE = join(PROJECT_ROOT, 'test', 'sources', 'php-json-schema-test-suite.differences.yaml');
const NAMESPACE = 'PaymentGateway\\MerchantClient';

interface SuiteGroup {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly { readonly description: string; readonly data: unknown; readonly valid: boolean }[];
}

function suiteFiles(): string[] {
  const required = readdirSync(DRAFT_DIR).filter((name) => name.endsWith('.json'));
  const formats = readdirSync(join(DRAFT_DIR, 'optional', 'format')).filter((name) => name.endsWith('.json')).map((name) => `optional/format/${name}`);
  return [...required, ...formats].sort();
}

/** One group's schema as the only component of a spec, compiled into its own class; the compiler's refusal otherwise. */
function compileGroup(schema: unknown, className: string): { source: string } | { refused: string } {
  const document = { openapi: '3.1.0', info: { title: 'suite', version: '1' }, paths: {}, components: { schemas: { Subject: structuredClone(schema) } } };
  try {
    return { source: `<?php\n\ndeclare(strict_types=1);\n\n${validatorsClass(buildSpecModel(document as unknown as OpenApiDocument, []), NAMESPACE, className)}` };
  } catch (error) {
    return { refused: (error as Error).message };
  }
}

describe('JSON-Schema-Test-Suite draft 2020-12 through the PHP validators', () => {
  it('agrees with every test of every group the PHP compiler accepts', () => {
    const differences = (parse(readFileSync(DIFFERENCES_FILE, 'utf8')) ?? {}) as Record<string, string>;
    const dir = mkdtempSync(join(tmpdir(), 'php-suite-'));
    try {
      const classes: string[] = [];
      const cases: { class: string; schema: string; data: unknown; id: string; valid: boolean }[] = [];
      let refused = 0;
      for (const file of suiteFiles()) {
        (JSON.parse(readFileSync(join(DRAFT_DIR, file), 'utf8')) as SuiteGroup[]).forEach((group, index) => {
          const className = `Suite_${file.replace(/\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_${index}`;
          const compiled = compileGroup(group.schema, className);
          if ('refused' in compiled) {
            refused++;
            return;
          }
          const path = join(dir, `${className}.php`);
          writeFileSync(path, compiled.source);
          classes.push(path);
          for (const test of group.tests) cases.push({ class: className, schema: 'Subject', data: test.data, id: `${file}: ${group.description}: ${test.description}`, valid: test.valid });
        });
      }
      const batch = join(dir, 'batch.json');
      writeFileSync(batch, JSON.stringify({ classes, cases }));
      const results = JSON.parse(execFileSync('php', [join(PROJECT_ROOT, 'test/php/bin/suite-batch.php'), batch], { encoding: 'utf8', maxBuffer: 1 << 26 })) as { valid: boolean; issues: number }[];
      expect(results).toHaveLength(cases.length);
      const wrong: string[] = [];
      const stale: string[] = [];
      cases.forEach((entry, index) => {
        const result = results[index]!;
        const agrees = result.valid === entry.valid;
        if (result.valid !== (result.issues === 0)) wrong.push(`${entry.id}: the predicate says ${result.valid}, the reporting pass found ${result.issues} issues`);
        else if (!agrees && differences[entry.id] === undefined) wrong.push(`${entry.id}: want ${entry.valid}, got ${result.valid}`);
        else if (agrees && differences[entry.id] !== undefined) stale.push(`${entry.id}: listed as a difference but agrees now`);
      });
      console.info(`PHP validators: ${cases.length} suite tests of ${classes.length} groups run (${refused} groups refused by the compiler), ${wrong.length} wrong`);
      expect(wrong).toEqual([]);
      expect(stale).toEqual([]);
      expect(classes.length).toBeGreaterThan(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
