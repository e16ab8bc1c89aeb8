// The spec check: the front end every generation starts with (and `npm run spec:check` runs on
// its own). It reads the spec as the platform team wrote it, before any emitter runs, and refuses
// it with each problem at its file, line and column:
//   1. the Redocly pass (lint.ts): files that do not parse, references that do not resolve,
//      OpenAPI structure, keywords that are not JSON Schema, undocumented `x-` keys, patterns one
//      of the clients' regex engines cannot compile, then the project's conventions;
//   2. the examples: each validated by the reference ajv, failures placed at the field at fault
//      (in a worker thread, beside stage 3 and, in a generation, the emitters);
//   3. the example hashes: each recomputed from its body under the example password.
// Only the first stage with an error is reported (problem.ts), so a consequence never buries its
// cause. With `passedExamples`, stage 2 is skipped for examples and schemas it passed before
// (passed-examples.ts; ajv loads only when the stage runs), and a spec file whose text an earlier
// check parsed is not parsed again (parsed-files.ts).
import { BaseResolver, bundle } from '@redocly/openapi-core';
import { resolve } from 'node:path';
import { exampleHash, signedExamples, type SignedExample } from '../shared/example-signing.js';
import { DEPLOYMENT_FILE, typescriptWorker } from '../locations.js';
import { modelFromBundle, type SpecBundle } from '../model/load-spec.js';
import type { OpenApiDocument } from '../model/openapi.js';
import type { SpecModel } from '../model/spec-model.js';
import { lintSpec, specCheckConfig } from './lint.js';
import { RememberingResolver } from './parsed-files.js';
import { rememberedExamples, type PassedExamplesPlace } from './passed-examples.js';
import { hasErrors, reportable, type SpecProblem } from './problem.js';
import { SourceLocator, type SourceLocation } from './source-locations.js';
import { oneShotWorker } from '../shared/tool-worker.js';
import type { ExampleVerdict, ExampleVerdictRequest } from './example-verdict.js';
import { SUBSCHEMA_KEYWORDS, SUBSCHEMA_LIST_KEYWORDS, SUBSCHEMA_MAP_KEYWORDS } from '../model/json-schema.js';

export interface SpecCheckOptions {
  readonly projectRoot: string;
  /** Relative to the project root (or absolute): spec/openapi.yaml unless given. */
  readonly rootFile?: string;
  /** Relative to the project root (or absolute): redocly.yaml unless given. */
  readonly redoclyConfig?: string;
  /** Relative to the project root (or absolute): spec/deployment.yaml unless given (the hash stage's model applies it, as a generation's does). */
  readonly deploymentFile?: string;
  /**
   * Where the examples stage remembers the last examples and schemas it passed, and the check the
   * spec files it parsed (`npm run generate` and `npm run dev`: .cache/spec-check, git-ignored),
   * with the toolchain's `common` digest (emitter-cache.ts) that is part of both keys. Without it
   * the stage always runs and every file is parsed.
   */
  readonly passedExamples?: PassedExamplesPlace;
}

export interface SpecCheck {
  /** What to report (problem.ts `reportable`): empty for a sound spec. */
  readonly problems: readonly SpecProblem[];
  readonly passes: boolean;
  /** The bundled spec, when the check got that far. */
  readonly document?: OpenApiDocument;
  /** The files the bundle read (absolute paths), with `document`: `npm run generate` builds its model from this bundle. */
  readonly fileDependencies?: readonly string[];
  /** The bundle's model (load-spec.ts modelFromBundle), when the check got to the hash stage: `npm run generate` takes it over. */
  readonly model?: SpecModel;
  /** Finds where a node of the bundle is written (for `spec:sign-examples`). */
  readonly locator: SourceLocator;
}

export async function checkSpec(options: SpecCheckOptions): Promise<SpecCheck> {
  return (await startSpecCheck(options)).final;
}

/**
 * The check as it runs: `early` once every stage but the examples is done (the Redocly pass, the
 * hash stage), `final` once the examples stage is too. The examples run in a worker thread
 * (examples.worker.ts) from the moment the spec is bundled, beside the hash stage and, in a
 * generation, the emitters. `final` reports what a sequential check would: the examples' errors
 * come before the hash stage's.
 */
async function startSpecCheck(options: SpecCheckOptions): Promise<{ readonly early: SpecCheck; readonly final: Promise<SpecCheck> }> {
  const rootFile = resolve(options.projectRoot, options.rootFile ?? 'spec/openapi.yaml');
  // One resolver: the lint and the bundle read and parse each file once between them, and with
  // `passedExamples` a file parsed by an earlier check is not parsed again (parsed-files.ts).
  const resolver = await RememberingResolver.open(options.passedExamples);
  const config = await specCheckConfig(resolve(options.projectRoot, options.redoclyConfig ?? 'redocly.yaml'), resolver);
  // Its own resolver: bundling rewrites the references of the files it has read, in place.
  const locator = new SourceLocator(new BaseResolver(), rootFile, options.projectRoot);
  const linted = await lintSpec(rootFile, config, resolver, options.projectRoot);
  await resolver.remember();
  let fileDependencies: readonly string[] = [];
  const done = (problems: readonly SpecProblem[], document?: OpenApiDocument, model?: SpecModel): SpecCheck => {
    const reported = reportable(problems);
    return { problems: reported, passes: !hasErrors(reported), ...(document ? { document, fileDependencies } : {}), ...(model ? { model } : {}), locator };
  };
  if (hasErrors(linted)) {
    const early = done(linted);
    return { early, final: Promise.resolve(early) };
  }

  const bundled = await bundle({ ref: rootFile, config, externalRefResolver: resolver, dereference: false });
  const document = structuredClone(bundled.bundle.parsed) as OpenApiDocument;
  fileDependencies = [...bundled.fileDependencies];
  const found = documentExamples(document);
  const remembered = options.passedExamples && rememberedExamples(options.passedExamples, document, found);
  const examples = (async (): Promise<SpecProblem[]> => {
    if (await remembered?.passedBefore()) return [];
    const problems = await exampleProblems(document, found, locator);
    if (!hasErrors(problems)) await remembered?.record();
    return problems;
  })();
  // Settled by `final` below; a failure here is not left unhandled while the hash stage runs.
  examples.catch(() => undefined);
  const deploymentFile = resolve(options.projectRoot, options.deploymentFile ?? DEPLOYMENT_FILE);
  const hashes = await hashProblems({ document, fileDependencies }, deploymentFile, locator, options.projectRoot);
  const early = done([...linted, ...hashes.problems], document, hashes.model);
  const final = examples.then((problems) => (hasErrors(problems) ? done([...linted, ...problems], document) : early));
  return { early, final };
}

/** Thrown by checkedBundle for a spec the check refuses: its problems, to report at their file:line:col. */
export class SpecRefused extends Error {
  readonly problems: readonly SpecProblem[];

  constructor(problems: readonly SpecProblem[]) {
    super(`The spec check refuses the spec (${problems.length} problem(s))`);
    this.problems = problems;
  }
}

/**
 * The check's bundle of a spec it passes, for the generation to build its model from (the
 * pipeline's `bundle` option): the spec is bundled once. Throws SpecRefused otherwise; once the
 * hash stage has passed, the refusal of the examples stage may come later, through `verdict`.
 */
export async function checkedBundle(options: SpecCheckOptions): Promise<SpecBundle> {
  const { early, final } = await startSpecCheck(options);
  const refused = async () => {
    const checked = await final;
    if (!checked.passes) throw new SpecRefused(checked.problems);
  };
  if (!early.passes) await refused();
  const verdict = refused();
  // The pipeline awaits it before anything is written; until then a refusal is not unhandled.
  verdict.catch(() => undefined);
  return { document: early.document!, fileDependencies: early.fileDependencies!, ...(early.model ? { model: early.model } : {}), verdict };
}

type Json = Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const object = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});

export interface DocumentExample {
  /** The example's value in the bundled document. */
  readonly at: readonly (string | number)[];
  /** The JSON pointer of the schema it must match, in the bundled document. */
  readonly schema: string;
  /** A refusal's words for it: `Example \`card\` does not match SessionRequest`. */
  readonly mismatch: string;
  readonly value: unknown;
}

/** Where a schema's `examples` may stand: in any schema inside another. */
const SUBSCHEMA = new Set<string>(SUBSCHEMA_KEYWORDS);
const SUBSCHEMA_LISTS = new Set<string>(SUBSCHEMA_LIST_KEYWORDS);
const SUBSCHEMA_MAPS = new Set<string>(SUBSCHEMA_MAP_KEYWORDS);

const pointerOf = (at: readonly (string | number)[]) => at.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Every example of the document: those of a media type or a parameter under `paths` and
 * `webhooks`, with the component schema they must match, and the values every schema lists under
 * its `examples` (a component's, a field's, a parameter's), each with that schema.
 */
export function documentExamples(document: OpenApiDocument): DocumentExample[] {
  const found: DocumentExample[] = [];
  const fromSchema = (at: (string | number)[], schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
    const node = schema as Json;
    if (Array.isArray(node['examples'])) {
      const mismatch = (index: number) => `Example ${index + 1} of the schema at ${at.join('.')} does not match it`;
      node['examples'].forEach((value: unknown, index) => found.push({ at: [...at, 'examples', index], schema: pointerOf(at), mismatch: mismatch(index), value }));
    }
    for (const [keyword, value] of Object.entries(node)) {
      if (SUBSCHEMA.has(keyword)) fromSchema([...at, keyword], value);
      else if (SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)) value.forEach((item, index) => fromSchema([...at, keyword, index], item));
      else if (SUBSCHEMA_MAPS.has(keyword)) for (const [name, item] of Object.entries(object(value))) fromSchema([...at, keyword, name], item);
    }
  };
  const fromHolder = (at: (string | number)[], holder: Json) => {
    fromSchema([...at, 'schema'], holder['schema']);
    const ref = object(holder['schema'])['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return;
    const schemaName = ref.slice('#/components/schemas/'.length);
    for (const [key, example] of Object.entries(object(holder['examples']))) {
      if ('value' in object(example)) found.push({ at: [...at, 'examples', key, 'value'], schema: ref.slice(1), mismatch: `Example \`${key}\` does not match ${schemaName}`, value: object(example)['value'] });
    }
  };
  for (const section of ['paths', 'webhooks'] as const) {
    for (const [name, item] of Object.entries(object((document as unknown as Json)[section]))) {
      for (const method of HTTP_METHODS.filter((candidate) => object(item)[candidate] !== undefined)) {
        const operation = object(object(item)[method]);
        const at = [section, name, method];
        const parameters = Array.isArray(operation['parameters']) ? (operation['parameters'] as unknown[]) : [];
        parameters.forEach((parameter, index) => fromHolder([...at, 'parameters', index], object(parameter)));
        for (const [type, media] of Object.entries(object(object(operation['requestBody'])['content']))) fromHolder([...at, 'requestBody', 'content', type], object(media));
        for (const [status, response] of Object.entries(object(operation['responses']))) {
          for (const [type, media] of Object.entries(object(object(response)['content']))) fromHolder([...at, 'responses', status, 'content', type], object(media));
        }
      }
    }
  }
  for (const [name, schema] of Object.entries(object(object((document as unknown as Json)['components'])['schemas']))) fromSchema(['components', 'schemas', name], schema);
  return found;
}

const fieldName = (path: readonly (string | number)[]) => (path.length === 0 ? 'the example' : `\`${path.join('.')}\``);

/** ajv's verdict on the examples (example-verdict.ts), from its worker thread. */
const examplesWorker = oneShotWorker<ExampleVerdictRequest, ExampleVerdict>(typescriptWorker('spec-check/examples.worker'));

/** The examples stage: the worker's failures, each placed at its file:line:col. */
async function exampleProblems(document: OpenApiDocument, found: readonly DocumentExample[], locator: SourceLocator): Promise<SpecProblem[]> {
  const verdict = await examplesWorker.run({ document, examples: found.map(({ schema, value }) => ({ schema, value })) });
  if (verdict.compileError !== undefined) {
    const root = await locator.locate([]);
    return [{ stage: 'examples', file: root.file, line: 0, col: 0, rule: 'spec-check/examples-valid', message: `The schemas do not compile in the reference validator (ajv, strict): ${verdict.compileError}`, severity: 'error' }];
  }
  const problems: SpecProblem[] = [];
  for (const failure of verdict.failures) {
    const example = found[failure.example]!;
    const place = await locator.locate([...example.at, ...failure.path]);
    problems.push({
      stage: 'examples',
      file: place.file,
      line: place.line,
      col: place.col,
      rule: 'spec-check/examples-valid',
      message: `${example.mismatch}: ${fieldName(failure.path)} ${failure.message}.`,
      severity: 'error',
    });
  }
  return problems;
}

/**
 * An example whose `hash` is not what its recipe gives, where the hash is written, and the right
 * one; `conflict` when the example is signed by two recipes that give different hashes (an
 * example both S2S protocols share).
 */
export interface HashFix {
  readonly example: SignedExample;
  readonly want: string;
  readonly conflict?: readonly { readonly title: string; readonly want: string }[];
  readonly place: SourceLocation;
}

/** The examples whose `hash` is not what their recipe gives under the example password. */
export async function exampleHashFixes(model: SpecModel, locator: SourceLocator): Promise<HashFix[]> {
  const byExample = new Map<string, { example: SignedExample; title: string; want: string }[]>();
  for (const example of signedExamples(model)) {
    const key = JSON.stringify(example.at);
    byExample.set(key, [...(byExample.get(key) ?? []), { example, title: example.title, want: exampleHash(example.recipe, example.value, example.signing) }]);
  }
  const fixes: HashFix[] = [];
  for (const signings of byExample.values()) {
    const { example, want } = signings[0]!;
    const conflict = new Set(signings.map((signing) => signing.want)).size > 1;
    if (!conflict && example.value['hash'] === want) continue;
    const place = await locator.locate([...example.at, 'hash']);
    fixes.push({ example, want, place, ...(conflict ? { conflict: signings.map(({ title, want: hash }) => ({ title, want: hash })) } : {}) });
  }
  return fixes;
}

/** The hash stage: the bundle's model (undefined when the model refuses the spec), and the example hashes it finds wrong. */
async function hashProblems(bundled: SpecBundle, deploymentFile: string, locator: SourceLocator, projectRoot: string): Promise<{ problems: SpecProblem[]; model?: SpecModel }> {
  let model: SpecModel;
  let fixes: HashFix[];
  try {
    model = await modelFromBundle(bundled, projectRoot, deploymentFile);
    fixes = await exampleHashFixes(model, locator);
  } catch (error) {
    // The model refuses what no lint rule covers (an action without x-protocols, a bad recipe).
    const root = await locator.locate([]);
    return { problems: [{ stage: 'examples', file: root.file, line: 0, col: 0, rule: 'spec-check/model', message: (error as Error).message.replaceAll(`${projectRoot}/`, ''), severity: 'error' }] };
  }
  const problems = fixes.map(({ example, want, place, conflict }): SpecProblem => ({
    stage: 'examples',
    file: place.file,
    line: place.line,
    col: place.col,
    rule: 'spec-check/example-hashes',
    message: conflict ? conflictMessage(example.key, conflict) : `Example \`${example.key}\` (${example.title}): \`hash\` is not what its recipe gives under the example password, which is ${want}; \`npm run spec:sign-examples\` writes it.`,
    severity: 'error',
  }));
  return { problems, model };
}

export function conflictMessage(key: string, conflict: NonNullable<HashFix['conflict']>): string {
  return `Example \`${key}\` is signed by ${conflict.map(({ title, want }) => `${title} (${want})`).join(' and ')}: their recipes give different hashes, so one hash cannot serve both; give each protocol its own example (a key ending in \`_card\` or \`_apm\`).`;
}
