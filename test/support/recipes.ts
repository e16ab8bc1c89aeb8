// The recipes of the "Changing the spec" guide, read from the page the docs site publishes
// (generated/docs/guide/changing-the-spec.md), and followed step by step in a copy of the project:
// each step is a marker the reader does not see (`<!-- step {...} -->`) before the code block it
// acts on, so the test does exactly what the page tells the reader to do.
//   {"create": file}                  the block is the file
//   {"insert": file, "after": line}   the block goes after (or "before") the one line equal to it
//   {"replace": file, "text": old}    the block replaces the first occurrence of `old` (in
//                                     spec/openapi.yaml's x-releases, the newest entry's)
//   {"delete": file}                  the one occurrence of the block is removed
//   {"run": true[, "fails": true]}    each line of the block is an npm or npx command (exit 0, or not)
//   {"output": true}                  each line of the block is in the last command's output (… is anything)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { npm } from './npm.js';
import { PROJECT_ROOT } from './spec-examples.js';

export const GUIDE = join(PROJECT_ROOT, 'generated', 'docs', 'guide', 'changing-the-spec.md');

export interface RecipeStep {
  readonly create?: string;
  readonly insert?: string;
  readonly after?: string;
  readonly before?: string;
  readonly replace?: string;
  readonly text?: string;
  readonly delete?: string;
  readonly run?: boolean;
  readonly fails?: boolean;
  readonly output?: boolean;
  /** The code block the step acts on. */
  readonly block: string;
}

/** A step's marker and the code block it acts on. */
const STEP = /<!-- step (\{.*?\}) -->\n(?:\n<!-- prettier-ignore -->)?\n```\w*\n([\s\S]*?)```/g;

/** The page without its recipes' steps: their blocks are fragments of the project's files, checked where they go by following the recipe. */
export const withoutRecipeSteps = (markdown: string): string => markdown.replace(STEP, '');

/** The guide's recipes by name, each its steps in order. */
export function guideRecipes(markdown = readFileSync(GUIDE, 'utf8')): Map<string, RecipeStep[]> {
  const recipes = new Map<string, RecipeStep[]>();
  const parts = markdown.split(/<!-- recipe: ([\w-]+) -->/);
  for (let index = 1; index < parts.length; index += 2) {
    const steps = [...parts[index + 1]!.matchAll(STEP)].map(
      ([, marker, block]) => ({ ...(JSON.parse(marker!) as Omit<RecipeStep, 'block'>), block: block! }),
    );
    recipes.set(parts[index]!, steps);
  }
  return recipes;
}

/** The one index of `wanted` in `lines`, or a clear error. */
function onlyLine(lines: readonly string[], wanted: string, file: string): number {
  const found = lines.flatMap((line, index) => (line === wanted ? [index] : []));
  if (found.length !== 1) throw new Error(`${file}: the guide's anchor line is there ${found.length} times, not once: ${wanted}`);
  return found[0]!;
}

function onlyOccurrence(text: string, wanted: string, file: string): number {
  const at = text.indexOf(wanted);
  if (at < 0 || text.indexOf(wanted, at + 1) >= 0) throw new Error(`${file}: the guide's text is there ${at < 0 ? '0 times' : 'more than once'}, not once: ${wanted}`);
  return at;
}

/** Follows the steps in the project copy `root`; returns each command with its output. */
export async function followRecipe(root: string, steps: readonly RecipeStep[]): Promise<{ command: string; output: string }[]> {
  const runs: { command: string; output: string }[] = [];
  for (const step of steps) {
    if (step.create) {
      if (existsSync(join(root, step.create))) throw new Error(`${step.create} exists already`);
      writeFileSync(join(root, step.create), step.block);
    } else if (step.insert) {
      const path = join(root, step.insert);
      const lines = readFileSync(path, 'utf8').split('\n');
      const at = onlyLine(lines, (step.after ?? step.before)!, step.insert) + (step.after !== undefined ? 1 : 0);
      lines.splice(at, 0, ...step.block.replace(/\n$/, '').split('\n'));
      writeFileSync(path, lines.join('\n'));
    } else if (step.replace || step.delete) {
      const file = (step.replace ?? step.delete)!;
      const path = join(root, file);
      const text = readFileSync(path, 'utf8');
      const old = step.replace ? step.text! : step.block;
      const at = step.replace ? text.indexOf(old) : onlyOccurrence(text, old, file);
      if (at < 0) throw new Error(`${file}: the guide's text is not there: ${old}`);
      // A block ends its last line; a replaced text that ends mid-line goes on with the same line.
      const replacement = step.replace ? (old.endsWith('\n') ? step.block : step.block.replace(/\n$/, '')) : '';
      writeFileSync(path, `${text.slice(0, at)}${replacement}${text.slice(at + old.length)}`);
    } else if (step.run) {
      for (const command of step.block.trim().split('\n')) {
        const [tool, ...args] = command.trim().split(/\s+/);
        if (tool !== 'npm' && tool !== 'npx') throw new Error(`the guide runs ${command}: only npm and npx commands are followed`);
        const result = await npm(tool === 'npx' ? ['exec', '--', ...args] : args, { cwd: root }).then(
          ({ stdout, stderr }) => ({ ok: true, output: `${stdout}\n${stderr}` }),
          (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}\n${error.stderr ?? ''}` }),
        );
        runs.push({ command, output: result.output });
        // The end of the output, where npm test sums up its failures.
        if (result.ok === Boolean(step.fails)) throw new Error(`\`${command}\` ${step.fails ? 'passed where the guide says it fails' : 'failed'}:\n${result.output.slice(-30_000)}`);
      }
    } else if (step.output) {
      const last = runs.at(-1);
      if (!last) throw new Error('the guide shows an output before any command');
      for (const line of step.block.trim().split('\n')) {
        const pattern = new RegExp(line.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?'));
        if (!pattern.test(last.output)) throw new Error(`\`${last.command}\` does not print what the guide shows:\n  ${line}\nIt printed:\n${last.output}`);
      }
    } else throw new Error(`a step the harness does not know: ${JSON.stringify(step)}`);
  }
  return runs;
}
