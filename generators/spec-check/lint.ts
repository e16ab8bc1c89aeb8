// The Redocly pass of the spec check: Redocly's own rules (redocly.yaml: recommended-strict), the
// project's conventions (redocly/plugin.js) and the spec check's rules (rules/), in one walk of
// the spec files, each problem placed at its file, line and column and put in its stage.
import { createConfig, getLineColLocation, lint, YamlParseError, type BaseResolver, type Config, type NormalizedProblem } from '@redocly/openapi-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { didYouMean } from './did-you-mean.js';
import type { SpecProblem, Stage } from './problem.js';
import { SPEC_CHECK_PLUGIN, SPEC_CHECK_RULES } from './rules/index.js';

/** Redocly's config from redocly.yaml, with the spec check's rules beside the file's own. */
export async function specCheckConfig(configPath: string, resolver: BaseResolver): Promise<Config> {
  const raw = (parseYaml(readFileSync(configPath, 'utf8')) ?? {}) as { rules?: Record<string, unknown>; plugins?: unknown[] };
  return createConfig({ ...raw, ...(raw.plugins ? { plugins: await loadedPlugins(raw.plugins, configPath) } : {}), rules: { ...raw.rules, ...SPEC_CHECK_RULES } } as Parameters<typeof createConfig>[0], {
    configPath,
    externalRefResolver: resolver,
    plugins: [SPEC_CHECK_PLUGIN],
  });
}

/**
 * The plugins the config names by path, loaded here and handed to Redocly as the objects they
 * export (a plugin module's default export, called with Redocly's options when it is a function).
 * Redocly would load them with `import()`, which cannot run in the script `npm run generate` runs
 * from V8's code cache (generators/run.mjs); require() loads an ES module since Node 20.19.
 */
async function loadedPlugins(plugins: readonly unknown[], configPath: string): Promise<unknown[]> {
  const load = createRequire(configPath);
  const contentDir = dirname(configPath);
  const loaded = await Promise.all(
    plugins.map(async (plugin) => {
      if (typeof plugin !== 'string') return [plugin];
      const module = load(resolve(contentDir, plugin)) as { default?: unknown };
      const exported = module.default ?? module;
      const instances: unknown = typeof exported === 'function' ? await (exported as (options: { contentDir: string }) => unknown)({ contentDir }) : exported;
      return Array.isArray(instances) ? instances : [instances];
    }),
  );
  return loaded.flat();
}

/** Redocly's example rules: they need schemas that are sound, so they come last. */
const EXAMPLE_RULES = new Set(['no-invalid-schema-examples', 'no-invalid-media-type-examples', 'no-invalid-parameter-examples']);

function stageOf(problem: NormalizedProblem): Stage {
  if (problem.ruleId === 'no-unresolved-refs') return problem.message.startsWith('Failed to parse') ? 'parse' : 'references';
  if (problem.ruleId.startsWith('conventions/')) return 'conventions';
  if (EXAMPLE_RULES.has(problem.ruleId)) return 'examples';
  return 'structure';
}

export async function lintSpec(rootFile: string, config: Config, resolver: BaseResolver, projectRoot: string): Promise<SpecProblem[]> {
  let problems: NormalizedProblem[];
  try {
    problems = await lint({ ref: rootFile, config, externalRefResolver: resolver });
  } catch (error) {
    // Redocly reports a file that does not parse, except the root one: it throws for that.
    if (!(error instanceof YamlParseError)) throw error;
    const reason = (error.originalError as { reason?: string }).reason ?? error.message;
    return [{ stage: 'parse', file: relative(projectRoot, error.source.absoluteRef), line: error.line, col: error.col, rule: 'no-unresolved-refs', message: `Failed to parse: ${reason}`, severity: 'error' }];
  }
  const converted = problems.map((problem) => {
    const location = problem.location[0];
    const place = location ? getLineColLocation(location) : undefined;
    const absolute = location?.source.absoluteRef ?? rootFile;
    const suggest = problem.suggest.length > 0 ? ` Did you mean: ${problem.suggest.join(', ')}?` : '';
    const message = problem.ruleId === 'no-unresolved-refs' && location && !problem.message.startsWith('Failed to parse') ? explainedRef(problem.message, location.source.body, location.pointer, absolute) : problem.message;
    return {
      stage: stageOf(problem),
      file: relative(projectRoot, absolute),
      line: place?.start.line ?? 0,
      col: place?.start.col ?? 0,
      rule: problem.ruleId,
      // Paths in Redocly's messages are absolute; the problem's file is relative.
      message: `${message}${suggest}`.replaceAll(`${projectRoot}/`, ''),
      severity: problem.severity === 'error' ? 'error' : 'warning',
    } satisfies SpecProblem;
  });
  // Redocly's struct rule reports an unknown schema key too: the keyword rule's message (which
  // knows `nullable` and `example`) is the one kept.
  const keywords = new Set(converted.filter((problem) => problem.rule === 'spec-check/json-schema-keywords').map(placeOf));
  return converted.filter((problem) => problem.rule !== 'struct' || !keywords.has(placeOf(problem)));
}

const placeOf = (problem: SpecProblem) => `${problem.file}:${problem.line}:${problem.col}`;

/** "Can't resolve $ref" with the name meant, when the files it names parse (a file that does not is reported as such). */
function explainedRef(message: string, body: string, pointer: string | undefined, file: string): string {
  try {
    return unresolvedRef(message, body, pointer, file);
  } catch {
    return message;
  }
}

/** "Can't resolve $ref" with the reference, what it misses and the name meant. */
function unresolvedRef(message: string, body: string, pointer: string | undefined, file: string): string {
  const node = pointerSegments(pointer).reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), parseYaml(body) as unknown);
  const ref = typeof node === 'object' && node !== null ? (node as { $ref?: unknown }).$ref : undefined;
  if (typeof ref !== 'string') return message;
  const [uri, fragment = ''] = ref.split('#');
  const target = uri ? resolve(dirname(file), uri) : file;
  if (!existsSync(target)) {
    const siblings = existsSync(dirname(target)) ? readdirSync(dirname(target)).filter((name) => /\.ya?ml$/.test(name)) : [];
    return `Can't resolve $ref \`${ref}\`: there is no file ${basename(target)}.${didYouMean(basename(target), siblings)}`;
  }
  let at: unknown = parseYaml(readFileSync(target, 'utf8')) as unknown;
  for (const key of pointerSegments(fragment)) {
    const known = typeof at === 'object' && at !== null ? Object.keys(at) : [];
    if (!known.includes(key)) return `Can't resolve $ref \`${ref}\`: ${basename(target)} has no \`${key}\` there.${didYouMean(key, known)}`;
    at = (at as Record<string, unknown>)[key];
  }
  return `${message} \`${ref}\``;
}

const pointerSegments = (pointer: string | undefined): string[] =>
  (pointer ?? '')
    .replace(/^#/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
