// The upgrade guide between two recorded releases (`/upgrade/<from>-to-<to>`), written from the
// breaking-change gate's comparison of their bundles: the changes grouped by protocol and by
// action, endpoint or callback, breaking ones first, each in the gate's words; the field in both
// releases' examples where one carries it; a signature recipe's old and new formula side by side,
// each with a worked example the runtime's signer computes. And the guides' index: the picker,
// every guide, and each release's notes with the guide that leads to it.
import type { FormObject } from '../../../../templates/runtime/form-codec.js';
import { guideName, UPGRADE_FOLDER } from '../../../../templates/docs/theme/versions.js';
import { operationRequestExamples, operationResponseExamples, s2sRequestExamples, s2sResponseExamples, webhookExamples, type NamedExample } from '../../../model/examples.js';
import { operationNames, webhookNames } from '../../../model/names.js';
import type { SignatureRecipeData } from '../../../model/signature-recipes.js';
import type { SpecModel } from '../../../model/spec-model.js';
import type { Change } from '../../../spec-diff/change.js';
import type { Comparison } from '../../../spec-diff/compare.js';
import { renderChange } from '../../../spec-diff/report.js';
import type { Severity } from '../../../spec-diff/kinds.js';
import { code, fence, page, table } from '../markdown.js';
import { recipeText } from '../recipe-text.js';
import { exampleSigning, signedExample } from '../../../shared/example-signing.js';
import { wireLines, workedSignature } from '../samples.js';
import { paths, PROTOCOL_TITLE } from '../site.js';

/** One side of a guide: a recorded release, its model (its bundle as recorded), and where its site is. */
export interface GuideRelease {
  readonly version: string;
  readonly interfaceVersion: string;
  readonly model: SpecModel;
  /** Its site's path: `/` for the newest, `/v/6.7.0/` for the others. */
  readonly site: string;
}

const SECTIONS: readonly { readonly severity: Severity; readonly heading: string; readonly intro: string }[] = [
  { severity: 'breaking', heading: 'What you must change', intro: 'Each change here can break an integration written for the older release: what changed, what it means, and the field as each release\'s examples carry it.' },
  { severity: 'warning', heading: 'What to check', intro: 'Nothing here refuses a request that passed before, but code that reads these answers or callbacks may meet something new.' },
  { severity: 'info', heading: 'Other changes', intro: 'Additions and widenings: every request accepted before still passes.' },
];
const PROTOCOLS = ['card', 'apm', 'checkout', 'account'] as const;
const PROTOCOL_HEADING: Record<(typeof PROTOCOLS)[number], string> = { ...PROTOCOL_TITLE, account: 'Account' };

/** A link to another page of the site: Markdown (checked by VitePress) within the root, an anchor that leaves the app for a release's site. */
function siteLink(site: string, path: string, text: string): string {
  if (site === '/') return `[${text}](${path})`;
  return `<a href="${site}${path === '/' ? '' : `${path.slice(1)}.html`}" target="_self">${text}</a>`;
}

/** The page of the unit a change is in, in the release that has it. */
function unitPage(change: Change, from: GuideRelease, to: GuideRelease): string | undefined {
  const { protocol, action, operation, callback } = change.location;
  const find = (release: GuideRelease): string | undefined => {
    const { model } = release;
    if (action && (protocol === 'card' || protocol === 'apm'))
      return model.s2sActions.some((candidate) => candidate.protocol === protocol && candidate.action === action) ? paths.action({ protocol, action }) : undefined;
    if (operation) return model.checkoutOperations.some((candidate) => candidate.operationId === operation) ? paths.checkout({ operationId: operation }) : undefined;
    if (callback) return model.webhooks.some((candidate) => candidate.name === callback) ? paths.callback({ name: callback }) : undefined;
    return undefined;
  };
  const [release, path] = find(to) ? [to, find(to)!] : find(from) ? [from, find(from)!] : [undefined, undefined];
  return release && path ? siteLink(release.site, path, `the page in ${release.version}`) : undefined;
}

function unitHeading(change: Change): string {
  const { action, operation, callback } = change.location;
  return callback ? `Callback \`${callback}\`` : `\`${action ?? operation ?? change.unit}\``;
}

/** The examples of what a change is about, in one release: the request, the answer or the callback. */
function examplesOf(release: GuideRelease, change: Change): { readonly examples: readonly NamedExample[]; readonly form: boolean } {
  const { model } = release;
  const { protocol, action, operation, callback } = change.location;
  const side = change.kind.split('.')[0];
  if (callback) return { examples: webhookExamples(model, callback), form: true };
  if (action && (protocol === 'card' || protocol === 'apm'))
    return side === 'response' ? { examples: s2sResponseExamples(model, protocol, action), form: false } : { examples: s2sRequestExamples(model, protocol, action), form: true };
  const checkout = model.checkoutOperations.find((candidate) => candidate.operationId === operation);
  if (!checkout) return { examples: [], form: false };
  const examples = side === 'response' ? operationResponseExamples(checkout.operation).flatMap((entry) => entry.examples) : operationRequestExamples(checkout.operation);
  return { examples, form: false };
}

/** The value at a change's path (`bankDetails.cbu`, `items[].shipping`): the first array item stands for every item. */
function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    const name = part.replace(/\[\]$/, '');
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[name];
    if (part.endsWith('[]')) current = Array.isArray(current) ? current[0] : undefined;
  }
  return current;
}

/** The value rebuilt at its path alone (`{bankDetails: {cbu: '…'}}`), for the wire form of one field. */
function alone(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, part) => (part.endsWith('[]') ? { [part.slice(0, -2)]: [inner] } : { [part]: inner }), value) as Record<string, unknown>;
}

/** The field in one release's examples, as it travels: a form line or a JSON fragment. */
function fieldIn(release: GuideRelease, change: Change): string {
  const { examples, form } = examplesOf(release, change);
  const carrying = examples.find((example) => valueAt(example.value, change.path) !== undefined);
  if (!carrying) return `**${release.version}:** no example carries \`${change.path}\`${examples.length > 0 ? ` (examples: ${examples.map((example) => code(example.key)).join(', ')})` : ''}.`;
  const shown = alone(change.path, valueAt(carrying.value, change.path));
  const body = form ? wireLines(shown as FormObject) : JSON.stringify(shown, null, 2);
  return `**${release.version}** (example ${code(carrying.key)}):\n\n${fence(form ? 'text' : 'json', body)}`;
}

/** Before and after for a field change, when either release's examples carry the field. */
function beforeAfter(change: Change, from: GuideRelease, to: GuideRelease): string | undefined {
  if (!change.path || !/^(request|response|callback)\./.test(change.kind)) return undefined;
  const carries = (release: GuideRelease) => examplesOf(release, change).examples.some((example) => valueAt(example.value, change.path) !== undefined);
  if (!carries(from) && !carries(to)) return undefined;
  return sideBySide(fieldIn(from, change), fieldIn(to, change));
}

/** The recipe of the unit a change is in, its client constant, and the example it signs. */
function recipeOf(release: GuideRelease, change: Change): { readonly recipe: SignatureRecipeData; readonly constant: string; readonly fields?: Record<string, unknown> } | undefined {
  const { model } = release;
  const { protocol, action, operation, callback } = change.location;
  const signed = (recipe: SignatureRecipeData, constant: string, signingFields: readonly string[], examples: readonly NamedExample[], context?: Readonly<Record<string, string>>) => {
    const signing = exampleSigning(model, signingFields, context);
    const first = examples[0];
    return { recipe, constant, ...(first ? { fields: { ...signedExample(recipe, first.value, signing), ...signing } } : {}) };
  };
  if (callback) {
    const webhook = model.webhooks.find((candidate) => candidate.name === callback);
    return webhook && signed(webhook.signature, webhookNames(webhook.name).signature, webhook.signingFields, webhookExamples(model, webhook.name), webhook.context);
  }
  if (action && (protocol === 'card' || protocol === 'apm')) {
    const found = model.s2sActions.find((candidate) => candidate.protocol === protocol && candidate.action === action);
    return found && signed(found.signature, operationNames(protocol, action).signature, found.signingFields, s2sRequestExamples(model, protocol, action));
  }
  const endpoint = model.checkoutOperations.find((candidate) => candidate.operationId === operation);
  return endpoint?.signature && signed(endpoint.signature, operationNames('checkout', endpoint.operationId).signature, endpoint.signingFields, operationRequestExamples(endpoint.operation));
}

function recipeSide(release: GuideRelease, change: Change): string {
  const found = recipeOf(release, change);
  if (!found) return `**${release.version}:** no signature.`;
  return [
    `**${release.version}**`,
    fence('php', recipeText(found.recipe).formulas.join('\n')),
    found.fields ? workedSignature(found.constant, found.recipe, found.fields) : 'No example to work the recipe on.',
  ].join('\n\n');
}

/** Two columns: the older release, then the newer one. */
function sideBySide(left: string, right: string): string {
  return ['<div class="side-by-side">', '<div>', '', left, '', '</div>', '<div>', '', right, '', '</div>', '</div>'].join('\n');
}

/** A change's line, then what shows it: the field before and after, or both recipes worked. */
function changeEntry(change: Change, from: GuideRelease, to: GuideRelease, details: boolean): string {
  const line = renderChange(change);
  if (!details) return line;
  const detail = change.kind.startsWith('signature.') ? sideBySide(recipeSide(from, change), recipeSide(to, change)) : beforeAfter(change, from, to);
  return detail ? `${line}\n\n${detail}` : line;
}

function section(changes: readonly Change[], from: GuideRelease, to: GuideRelease, details: boolean): string[] {
  const lines: string[] = [];
  for (const protocol of PROTOCOLS) {
    const mine = changes.filter((change) => change.location.protocol === protocol);
    if (mine.length === 0) continue;
    lines.push(`### ${PROTOCOL_HEADING[protocol]}`);
    const byUnit = new Map<string, Change[]>();
    for (const change of mine) byUnit.set(unitHeading(change), [...(byUnit.get(unitHeading(change)) ?? []), change]);
    for (const [heading, list] of [...byUnit].sort(([a], [b]) => a.localeCompare(b))) {
      const where = unitPage(list[0]!, from, to);
      lines.push(`#### ${heading}`, ...(where ? [`See ${where}.`] : []));
      lines.push([...list].sort((a, b) => a.path.localeCompare(b.path)).map((change) => changeEntry(change, from, to, details)).join('\n\n'));
    }
  }
  return lines;
}

export function upgradePage(from: GuideRelease, to: GuideRelease, comparison: Comparison): string {
  const count = (severity: Severity) => comparison.changes.filter((change) => change.severity === severity).length;
  const counts = PROTOCOLS.map((protocol) => {
    const mine = comparison.changes.filter((change) => change.location.protocol === protocol);
    return [PROTOCOL_HEADING[protocol], ...SECTIONS.map(({ severity }) => String(mine.filter((change) => change.severity === severity).length))];
  }).filter((row) => row.slice(1).some((cell) => cell !== '0'));
  const verdict = { breaking: 'a major release', minor: 'a minor release', patch: 'a patch release', none: 'no release' }[comparison.verdict];
  return page(
    `# Upgrading from ${from.version} to ${to.version}`,
    `Packages ${from.version} (interface ${from.interfaceVersion}) to ${to.version} (interface ${to.interfaceVersion}). The breaking-change gate compared the two releases as recorded: ${comparison.changes.length} change(s), ${count('breaking')} breaking, ${count('warning')} to check, ${count('info')} other; they call for ${verdict}.`,
    `The docs of each: ${siteLink(from.site, '/', from.version)} and ${siteLink(to.site, '/', to.version)}. [Every upgrade guide](/${UPGRADE_FOLDER}/).`,
    table(['Protocol', 'Breaking', 'To check', 'Other'], counts),
    ...SECTIONS.flatMap(({ severity, heading, intro }) => {
      const changes = comparison.changes.filter((change) => change.severity === severity);
      if (changes.length === 0) return severity === 'breaking' ? [`## ${heading}`, `Nothing: every request that ${from.version} accepted still passes, and every field its answers and callbacks carried is still there.`] : [];
      // Field before/after and worked recipes for what a merchant must act on or check.
      return [`## ${heading}`, intro, ...section(changes, from, to, severity !== 'info')];
    }),
  );
}

export interface IndexRelease {
  readonly version: string;
  readonly interfaceVersion: string;
  readonly notes?: string;
}

/** The guides' index: the picker, every guide, and each release's notes, newest first, with the guide into it. */
export function upgradeIndexPage(releases: readonly IndexRelease[]): string {
  const versions = releases.map((release) => release.version);
  const guide = (from: string, to: string) => `[${from} → ${to}](/${UPGRADE_FOLDER}/${guideName(from, to)})`;
  return page(
    '# Upgrade guides',
    releases.length < 2
      ? `Only one release is recorded (${versions.join('')}): there is nothing to upgrade from yet.`
      : 'Pick the release you run and the one to move to: the guide lists what changed between them, breaking changes first, each with what to change and the field in both releases\' examples.',
    releases.length < 2 ? undefined : `<UpgradeForm releases="${versions.join(' ')}" />`,
    releases.length < 2 ? undefined : '## Every guide',
    versions
      .slice(0, -1)
      .map((from, index) => `- From ${from}: ${versions.slice(index + 1).map((to) => guide(from, to)).join(', ')}`)
      .join('\n'),
    '## Release notes',
    ...[...releases].reverse().flatMap((release) => {
      const before = versions[versions.indexOf(release.version) - 1];
      // The notes' headings one level down, under this page's "Release notes".
      const notes = (release.notes ?? `## ${release.version} (interface ${release.interfaceVersion})\n\nNo notes were recorded.`).replace(/^(#{2,}) /gm, '$1# ');
      return [notes, before ? `Upgrading from ${before}: ${guide(before, release.version)}.` : undefined];
    }),
  );
}
