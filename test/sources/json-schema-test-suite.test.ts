// The official JSON-Schema-Test-Suite, draft 2020-12 (the JSON_SCHEMA_TEST_SUITE input, MIT,
// pinned commit in its COMMIT file), compiled through the validators emitter the way the
// corpus is: every group becomes a component schema of a generated spec, every test a verdict
// of its generated `isX` and `validateX`. The required groups and optional/format run; a group the
// generator refuses (or answers differently on purpose) must be listed with its reason in
// json-schema-test-suite.refusals.yaml, and a listed group that passes fails the test, so the
// list only shrinks. The suite's remote references (`http://localhost:1234/...`) are served
// from its remotes/ folder on 127.0.0.1 while the test runs, fetched as the groups name them and
// handed to the compiler as external resources (the generator itself never fetches).
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ValidatorCompiler } from '../../generators/emitters/validators/compile-schema.js';
import { createValidatorsEmitter } from '../../generators/emitters/validators/index.js';
import { UnknownResourceError, type SchemaResources } from '../../generators/emitters/validators/schema-index.js';
import type { JsonSchema } from '../../generators/model/json-schema.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { copyRuntime } from '../support/corpus.js';
import { JSON_SCHEMA_TEST_SUITE } from '../support/outside-inputs.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SUITE_DIR = JSON_SCHEMA_TEST_SUITE.dir;
const DRAFT_DIR = join(SUITE_DIR, 'tests', 'draft2020-12');
const OUT_DIR = join(PROJECT_ROOT, 'test', '.output', 'json-schema-test-suite');
const REFUSALS_FILE = join(PROJECT_ROOT, 'test', 'sources', 'json-schema-test-suite.refusals.yaml');
const REMOTES_DIR = join(SUITE_DIR, 'remotes');
/** Where the suite's remote references point; the test serves that folder on 127.0.0.1. */
const REMOTE_BASE = 'http://localhost:1234/';

interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteGroup {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}
interface Group extends SuiteGroup {
  /** `file.json: description` (unique: the suite's descriptions are unique per file). */
  readonly id: string;
  readonly file: string;
  readonly component: string;
}
type Refusals = Readonly<Record<string, string>>;

/** The files that run: every required file, and the formats of optional/format. */
function suiteFiles(): string[] {
  const required = readdirSync(DRAFT_DIR).filter((name) => name.endsWith('.json'));
  const formats = readdirSync(join(DRAFT_DIR, 'optional', 'format'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `optional/format/${name}`);
  return [...required, ...formats].sort();
}

function readGroups(file: string): Group[] {
  const groups = JSON.parse(readFileSync(join(DRAFT_DIR, file), 'utf8')) as SuiteGroup[];
  const seen = new Map<string, number>();
  return groups.map((group, index) => {
    const count = (seen.get(group.description) ?? 0) + 1;
    seen.set(group.description, count);
    const id = `${file}: ${group.description}${count > 1 ? ` (${count})` : ''}`;
    return { ...group, id, file, component: `${file.replace(/\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_${index}` };
  });
}

/**
 * A group's schema as a component. A schema document's base URI is where it was retrieved
 * from; a group without `$id` gets one of its own, so `#` and `#/$defs/x` mean the group's root.
 */
function asComponent(group: Group): unknown {
  const schema = group.schema;
  if (typeof schema !== 'object' || schema === null || '$id' in schema) return schema;
  return { $id: `https://json-schema-test-suite.invalid/${group.component}.json`, ...schema };
}

function documentOf(groups: readonly Group[]): OpenApiDocument {
  const schemas = Object.fromEntries(groups.map((group) => [group.component, structuredClone(asComponent(group))]));
  return {
    openapi: '3.1.0',
    info: { title: 'JSON-Schema-Test-Suite', version: '1' },
    paths: {},
    components: { schemas },
  } as unknown as OpenApiDocument;
}

/** Serves remotes/ as the suite expects it at localhost:1234, on an ephemeral loopback port. */
function serveRemotes(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname));
    readFile(join(REMOTES_DIR, path)).then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The suite's remote resources fetched so far, by the URI the schemas name them with. */
class RemoteResources {
  readonly fetched = new Map<string, JsonSchema>();
  constructor(private readonly origin: string) {}

  async fetch(uri: string): Promise<boolean> {
    if (!uri.startsWith(REMOTE_BASE)) return false;
    const response = await fetch(`${this.origin}/${uri.slice(REMOTE_BASE.length)}`);
    if (!response.ok) return false;
    this.fetched.set(uri, (await response.json()) as JsonSchema);
    return true;
  }
}

/**
 * Why the generator refuses a group, or undefined when it compiles it. A reference to a resource
 * the suite serves is fetched and the group compiled again, as an application registers schemas.
 */
async function refusal(group: Group, remotes: RemoteResources): Promise<string | undefined> {
  for (;;) {
    try {
      new ValidatorCompiler(buildSpecModel(documentOf([group]), []), remotes.fetched).component(group.component);
      return undefined;
    } catch (error) {
      if (error instanceof UnknownResourceError && !remotes.fetched.has(error.uri) && (await remotes.fetch(error.uri))) continue;
      return (error as Error).message;
    }
  }
}

type Check = (value: unknown) => boolean;
type Validate = (value: unknown) => { ok: boolean; issues?: readonly unknown[] };

/**
 * Generates one module for the accepted groups of a file and imports it. A group with dynamic
 * anchors gets a module of its own: the generator resolves a `$dynamicRef` statically only when
 * one resource of the whole document declares its anchor, and the groups are unrelated documents.
 */
async function compileFile(file: string, groups: readonly Group[], resources: SchemaResources): Promise<Record<string, Check | Validate>> {
  const dynamic = groups.filter((group) => JSON.stringify(group.schema).includes('"$dynamic'));
  const batches = [groups.filter((group) => !dynamic.includes(group)), ...dynamic.map((group) => [group])].filter(
    (batch) => batch.length > 0,
  );
  const modules = await Promise.all(
    batches.map((batch, index) => compileModule(`${file}${index === 0 ? '' : `-${index}`}`, batch, resources)),
  );
  return Object.assign({}, ...modules) as Record<string, Check | Validate>;
}

async function compileModule(file: string, groups: readonly Group[], resources: SchemaResources): Promise<Record<string, Check | Validate>> {
  const model = buildSpecModel(documentOf(groups), []);
  const [generated] = await createValidatorsEmitter(resources).emit(model, {
    projectRoot: PROJECT_ROOT,
    scratchDir: OUT_DIR,
    filesOf: () => [],
  });
  const dir = join(OUT_DIR, file.replace(/\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_'));
  await copyRuntime(dir);
  await writeFile(join(dir, 'validators.ts'), generated!.contents);
  return (await import(pathToFileURL(join(dir, 'validators.ts')).href)) as Record<string, Check | Validate>;
}

describe('JSON-Schema-Test-Suite draft 2020-12', () => {
  const refusals = (parse(readFileSync(REFUSALS_FILE, 'utf8')) ?? {}) as Refusals;
  const files = suiteFiles();
  const totals = { required: 0, requiredPassed: 0, refusedTests: 0, all: 0, allRight: 0, wrong: [] as string[] };
  let server: Server | undefined;
  let remotes: RemoteResources;
  beforeAll(async () => {
    server = await serveRemotes();
    remotes = new RemoteResources(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it.each(files)('%s', async (file) => {
    const groups = readGroups(file);
    const refused = new Map<Group, string>();
    for (const group of groups) {
      const reason = await refusal(group, remotes);
      if (reason !== undefined) refused.set(group, reason);
    }
    const accepted = groups.filter((group) => !refused.has(group));
    const module = accepted.length > 0 ? await compileFile(file, accepted, remotes.fetched) : {};
    const problems: string[] = [];
    for (const group of groups) {
      const listed = refusals[group.id];
      const reason = refused.get(group);
      if (reason !== undefined) {
        if (listed === undefined) problems.push(`${group.id}: refused but not listed (${reason})`);
        if (!file.startsWith('optional/')) {
          totals.refusedTests += group.tests.length;
          totals.all += group.tests.length;
        }
        continue;
      }
      const is = module[`is${group.component}`] as Check;
      const validate = module[`validate${group.component}`] as Validate;
      const wrong = group.tests.filter((test) => {
        const verdict = is(structuredClone(test.data));
        const report = validate(structuredClone(test.data));
        // The reporting pass must agree: a rejection names at least one issue.
        return verdict !== test.valid || report.ok !== test.valid || (!report.ok && (report.issues ?? []).length === 0);
      });
      if (!file.startsWith('optional/')) {
        totals.all += group.tests.length;
        totals.allRight += group.tests.length - wrong.length;
        if (listed === undefined) {
          totals.required += group.tests.length;
          totals.requiredPassed += group.tests.length - wrong.length;
        } else totals.refusedTests += group.tests.length;
      }
      if (listed !== undefined && wrong.length === 0)
        problems.push(`${group.id}: listed as refused (${listed}) but every test passes: remove it from the list`);
      if (listed === undefined)
        for (const test of wrong)
          problems.push(`${group.id} / ${test.description}: expected ${test.valid ? 'valid' : 'invalid'}`);
    }
    totals.wrong.push(...problems);
    expect(problems).toEqual([]);
  });

  it('lists only groups that exist', () => {
    const ids = new Set(files.flatMap((file) => readGroups(file).map((group) => group.id)));
    expect(Object.keys(refusals).filter((id) => !ids.has(id))).toEqual([]);
    console.info(
      `JSON-Schema-Test-Suite (${readFileSync(join(SUITE_DIR, 'COMMIT'), 'utf8').trim()}): ${totals.requiredPassed}/${totals.required} required tests pass on accepted groups; ${totals.refusedTests} tests in ${Object.keys(refusals).length} listed groups; ${totals.allRight}/${totals.all} required tests answered right in all`,
    );
  });
});
