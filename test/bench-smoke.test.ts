// Every bench family runs in quick mode and produces finite figures. No speed is asserted here
// (timings on a shared CI machine prove nothing); `npm run bench` is where targets are judged.
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../bench/main.js';
import { formatTargets, markdownTable, textTable, type Figure } from '../bench/harness.js';

const QUICK = { quick: true } as const;

function expectFinite(figures: readonly Figure[]): void {
  expect(figures.length).toBeGreaterThan(0);
  for (const figure of figures) {
    expect(figure.name).not.toBe('');
    expect(Number.isFinite(figure.ours), `${figure.name}: ours = ${figure.ours}`).toBe(true);
    expect(Number.isFinite(figure.baseline), `${figure.name}: baseline = ${figure.baseline}`).toBe(true);
    expect(Number.isFinite(figure.ratio), `${figure.name}: ratio = ${figure.ratio}`).toBe(true);
    expect(figure.ours).toBeGreaterThan(0);
    expect(figure.baseline).toBeGreaterThan(0);
    expect(formatTargets(figure.targets)).not.toBe('');
  }
}

describe('bench in quick mode', () => {
  const all: Figure[] = [];

  // Families that spawn processes (generation, tsc) take several seconds even in quick mode.
  it.each(FAMILIES.map((family) => [family.name, family] as const))('%s produces finite figures', async (_name, family) => {
    const figures = await family.run(QUICK);
    expectFinite(figures);
    all.push(...figures);
  }, 240_000);

  it('formats every figure as a text and a markdown table', () => {
    expect(all.length).toBeGreaterThanOrEqual(FAMILIES.length);
    const text = textTable(all);
    const markdown = markdownTable(all);
    for (const figure of all) {
      expect(text).toContain(figure.name);
      expect(markdown).toContain(figure.name.replace(/\|/g, '\\|'));
    }
  });
});
