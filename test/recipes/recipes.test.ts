// Each recipe of the "Changing the spec" guide (a new optional field, a new APM method, a new S2S
// action, a breaking change and its acknowledgement), followed as the published page writes it on
// a copy of the project of its own: every command the page runs does what the page says it does
// and prints what the page shows, up to the last, the fast tier (`npm test`), which each recipe
// ends in. Four fast-tier runs of several minutes each: the group runs in npm run check:slow.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyProject } from '../support/project-copy.js';
import { followRecipe, guideRecipes } from '../support/recipes.js';

const recipes = guideRecipes();
const work = mkdtempSync(join(tmpdir(), 'recipes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** A recipe generates, checks and releases a few times, then runs the fast tier, which takes minutes. */
const LONG = 60 * 60_000;

it('the guide has its four recipes', () => {
  expect([...recipes.keys()]).toEqual(['optional-field', 'apm-method', 's2s-action', 'breaking-change']);
});

describe.each([...recipes])('recipe %s', (name, steps) => {
  const root = join(work, name);

  it('works as the guide says, up to a green npm test', { timeout: LONG }, async () => {
    copyProject(root);
    // A repository of its own, on main, as the platform team's checkout is (the guide compares with main).
    for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['-c', 'user.name=recipes', '-c', 'user.email=recipes@example.invalid', 'commit', '-q', '-m', 'copy']]) {
      execFileSync('git', args, { cwd: root });
    }
    const runs = await followRecipe(root, steps);
    expect(runs.at(-1)?.command).toBe('npm test');
  });
});
