// The state diagram as an SVG drawn at generation from the model's state table: states in
// columns by their longest distance from a new payment, one arrow per move. No client-side
// script renders it, so the page needs nothing from another host.
import type { StateTable } from '../../model/states.js';

const BOX = { width: 120, height: 34 };
const GAP = { x: 70, y: 22 };
const MARGIN = 16;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function stateDiagramSvg(table: StateTable): string {
  const used = table.states.filter((state) => table.transitions.some((move) => move.from === state || move.to === state));
  const depth = new Map<string, number>(used.map((state) => [state, 0]));
  // Longest path from the start; the table has no cycles, so |states| rounds settle it.
  for (let round = 0; round < used.length; round++) {
    for (const move of table.transitions) if (move.from !== move.to) depth.set(move.to, Math.max(depth.get(move.to)!, depth.get(move.from)! + 1));
  }
  const columns: string[][] = [];
  for (const state of used) (columns[depth.get(state)!] ??= []).push(state);
  const tallest = Math.max(...columns.map((column) => column.length));
  const width = MARGIN * 2 + columns.length * BOX.width + (columns.length - 1) * GAP.x;
  const height = MARGIN * 2 + tallest * BOX.height + (tallest - 1) * GAP.y;
  const position = new Map<string, { x: number; y: number }>();
  columns.forEach((column, index) => {
    const offset = ((tallest - column.length) * (BOX.height + GAP.y)) / 2;
    column.forEach((state, row) => position.set(state, { x: MARGIN + index * (BOX.width + GAP.x), y: MARGIN + offset + row * (BOX.height + GAP.y) }));
  });
  // A row that moves nothing (a refusal) has no arrow; the table on the page lists it.
  const pairs = [...new Map(table.transitions.filter((move) => move.from !== move.to).map((move) => [`${move.from}>${move.to}`, move])).values()];
  const arrows = pairs.map((move) => {
    const a = position.get(move.from)!;
    const b = position.get(move.to)!;
    const x1 = a.x + BOX.width;
    const y1 = a.y + BOX.height / 2;
    const x2 = b.x;
    const y2 = b.y + BOX.height / 2;
    const labels = table.transitions.filter((other) => other.from === move.from && other.to === move.to).map((other) => other.by);
    return `  <path d="M${x1} ${y1} C${x1 + GAP.x / 2} ${y1} ${x2 - GAP.x / 2} ${y2} ${x2 - 2} ${y2}" class="move"><title>${escapeXml(`${move.from} → ${move.to}: ${labels.join('; ')}`)}</title></path>`;
  });
  const boxes = used.map((state) => {
    const { x, y } = position.get(state)!;
    return `  <g class="state"><rect x="${x}" y="${y}" width="${BOX.width}" height="${BOX.height}" rx="6"/><text x="${x + BOX.width / 2}" y="${y + BOX.height / 2 + 5}" text-anchor="middle">${escapeXml(state)}</text></g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Transaction states and the moves between them">`,
    '  <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L10 5L0 10z" fill="#6b7280"/></marker></defs>',
    '  <style>.move{fill:none;stroke:#6b7280;stroke-width:1.4;marker-end:url(#arrow)}.state rect{fill:#eef2ff;stroke:#4f46e5}.state text{font:14px sans-serif;fill:#1e1b4b}</style>',
    ...arrows,
    ...boxes,
    '</svg>',
  ].join('\n');
}
