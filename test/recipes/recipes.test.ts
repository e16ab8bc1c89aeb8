// Each recipe of the "Changing the spec" guide (a new optional field, a new APM method, a new S2S
// action, a breaking change and its acknowledgement), followed as the published page writes it on
// a copy of the project of its own: every command the page runs does what the page says it does
// and prints what the page shows. The fast tier then runs once, on the copy with the new optional
// field (one run of several minutes; a run per recipe would double the full tier).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npm } from '../support/npm.js';
import { copyProject } from '../support/project-copy.js';
import { followRecipe, guideRecipes } from '../support/recipes.js';

const recipes = guideRecipes();
const work = mkdtempSync(join(tmpdir(), 'recipes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
/** A recipe generates, checks and releases a few times; the fast tier after it takes minutes. */
const LONG = 60 * 60_000;

it('the guide has its four recipes', () => {
  expect([...recipes.keys()]).toEqual(['optional-field', 'apm-method', 's2s-action', 'breaking-change']);
});

describe.each([...recipes])('recipe %s', (name, steps) => {
  const root = join(work, name);

  it('works as the guide says', { timeout: LONG }, async () => {
    copyProject(root);
    // A repository of its own, on main, as the platform team's checkout is (the guide compares with main).
    for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['-c', 'user.name=recipes', '-c', 'user.email=recipes@example.invalid', 'commit', '-q', '-m', 'copy']]) {
      execFileSync('git', args, { cwd: root });
    }
    await followRecipe(root, steps);
  });
});

it('the project with the new optional field passes npm test', { timeout: LONG }, async () => {
  await npm(['test'], { cwd: join(work, 'optional-field') });
});
