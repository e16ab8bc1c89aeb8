// Detectors over a unit as a whole (its presence, body encoding, signature recipe and error
// catalogue) and over the account: the MID settings and the deployment settings.
import type { ErrorCaseModel } from '../../model/error-catalogue.js';
import { visitExpression, type SignatureRecipeData } from '../../model/signature-recipes.js';
import type { ChangeSite, Detector } from '../change.js';
import type { Unit } from '../surface.js';

const UNIT_KIND = { action: 'action', endpoint: 'endpoint', callback: 'callback-type' } as const;

export const units: Detector = {
  name: 'actions, endpoints and callbacks',
  kinds: [
    'action.added',
    'action.removed',
    'endpoint.added',
    'endpoint.removed',
    'callback-type.added',
    'callback-type.removed',
  ],
  detect(base, head, emit) {
    const report = (unit: Unit, change: 'added' | 'removed') => {
      if (unit.kind !== 'generic') emit(`${UNIT_KIND[unit.kind]}.${change}`, unit, '', change);
    };
    for (const [id, unit] of base.units) if (!head.units.has(id)) report(unit, 'removed');
    for (const [id, unit] of head.units) if (!base.units.has(id)) report(unit, 'added');
  },
};

export const encoding: Detector = {
  name: 'body encoding',
  kinds: ['request.encoding-changed', 'callback.encoding-changed'],
  detect(base, head, emit) {
    for (const [id, after] of head.units) {
      const before = base.units.get(id);
      if (!before?.encoding || !after.encoding) continue;
      const side = after.kind === 'callback' ? 'callback' : 'request';
      const [old, now] = [before.sides[side]?.fields, after.sides[side]?.fields];
      for (const key of new Set([...Object.keys(before.encoding), ...Object.keys(after.encoding)])) {
        const [was, is] = [before.encoding[key], after.encoding[key]];
        if (was === is) continue;
        // A property's encoding matters to a unit that carries that property before and after.
        if (key !== '(media type)' && !(old?.has(key) && now?.has(key))) continue;
        emit(
          `${side}.encoding-changed`,
          after,
          key === '(media type)' ? '' : key,
          `${key === '(media type)' ? 'media type' : 'encoding'} ${was ?? 'default'} → ${is ?? 'default'}`,
        );
      }
    }
  },
};

/** The field names a formula reads, in the order it concatenates them (cases after the input). */
function fieldSequence(recipe: Pick<SignatureRecipeData, 'input' | 'cases'>): string[] {
  const names: string[] = [];
  const walk = (expression: unknown) =>
    visitExpression(
      expression,
      (name) => names.push(name),
      (exclude) => names.push(`*except ${exclude.join(',')}`),
    );
  walk(recipe.input);
  for (const entry of recipe.cases ?? []) {
    names.push(`when ${typeof entry.when === 'string' ? entry.when : entry.when.field}`);
    walk(entry.input);
  }
  return names;
}

/** A formula with its `upper` steps taken out: equal when two formulas differ only in case. */
function withoutCase(expression: unknown): unknown {
  if (Array.isArray(expression)) return expression.map(withoutCase);
  if (typeof expression !== 'object' || expression === null) return expression;
  const record = expression as Record<string, unknown>;
  if ('upper' in record) return withoutCase(record['upper']);
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, withoutCase(value)]));
}

const formula = (recipe: SignatureRecipeData | undefined) =>
  recipe ? JSON.stringify({ input: recipe.input, cases: recipe.cases ?? [] }) : 'null';

export const signature: Detector = {
  name: 'signature recipe',
  kinds: [
    'signature.fields-changed',
    'signature.order-changed',
    'signature.digest-changed',
    'signature.case-changed',
    'signature.formula-changed',
  ],
  detect(base, head, emit) {
    for (const [id, after] of head.units) {
      const before = base.units.get(id);
      if (!before) continue;
      const [old, now] = [before.signature, after.signature];
      if (!old && !now) continue;
      if (!old || !now) {
        emit(
          'signature.fields-changed',
          after,
          '',
          now ? `now signed: ${fieldSequence(now).join(', ')}` : 'no longer signed',
        );
        continue;
      }
      if (old.digests.join() !== now.digests.join())
        emit(
          'signature.digest-changed',
          after,
          '',
          `digest ${old.digests.join(' then ')} → ${now.digests.join(' then ')}`,
        );
      if (formula(old) === formula(now)) continue;
      const [was, is] = [fieldSequence(old), fieldSequence(now)];
      const sorted = (list: string[]) => [...new Set(list)].sort().join(', ');
      if (sorted(was) !== sorted(is))
        emit('signature.fields-changed', after, '', `hashed fields ${sorted(was)} → ${sorted(is)}`);
      else if (was.join() !== is.join())
        emit('signature.order-changed', after, '', `order ${was.join(', ')} → ${is.join(', ')}`);
      else if (
        JSON.stringify(withoutCase(old.input)) === JSON.stringify(withoutCase(now.input)) &&
        JSON.stringify(withoutCase(old.cases ?? [])) === JSON.stringify(withoutCase(now.cases ?? []))
      )
        emit('signature.case-changed', after, '', 'upper-casing of the hash input changed');
      else
        emit(
          'signature.formula-changed',
          after,
          '',
          'formula changed (a transform, or the condition choosing a formula)',
        );
    }
  },
};

/** Old and new entries paired by field and message (a code change) or field and code (a message change). */
export const errors: Detector = {
  name: 'error catalogue',
  kinds: ['error.code-changed', 'error.message-changed', 'error.added', 'error.removed'],
  detect(base, head, emit) {
    for (const [id, after] of head.units) {
      const before = base.units.get(id);
      if (!before) continue;
      const old = [...before.errors];
      const now = [...after.errors];
      const take = (list: ErrorCaseModel[], match: (entry: ErrorCaseModel) => boolean) => {
        const index = list.findIndex(match);
        return index < 0 ? undefined : list.splice(index, 1)[0];
      };
      const label = (entry: ErrorCaseModel) => `error ${entry.code ?? '(no code)'} "${entry.message ?? entry.when}"`;
      for (const entry of [...now])
        if (take(old, (o) => o.field === entry.field && o.code === entry.code && o.message === entry.message))
          take(now, (n) => n === entry);
      for (const entry of [...now]) {
        const same = take(
          old,
          (o) => o.field === entry.field && o.message !== undefined && o.message === entry.message,
        );
        if (same)
          emit(
            'error.code-changed',
            after,
            entry.field ?? '',
            `${label(entry)}: code ${same.code ?? '(none)'} → ${entry.code ?? '(none)'}`,
            entry.code,
          );
        const sameCode = same
          ? undefined
          : take(old, (o) => o.field === entry.field && o.code !== undefined && o.code === entry.code);
        if (sameCode)
          emit(
            'error.message-changed',
            after,
            entry.field ?? '',
            `${label(entry)}: message "${sameCode.message ?? sameCode.when}" → "${entry.message ?? entry.when}"`,
            entry.code,
          );
        if (same || sameCode) take(now, (n) => n === entry);
      }
      for (const entry of old) emit('error.removed', after, entry.field ?? '', `${label(entry)} removed`, entry.code);
      for (const entry of now) emit('error.added', after, entry.field ?? '', `${label(entry)} added`, entry.code);
    }
  },
};

export const MID_SETTINGS: ChangeSite = { id: 'MID settings', location: { protocol: 'account' } };
export const DEPLOYMENT: ChangeSite = { id: 'Deployment settings', location: { protocol: 'account' } };

export const midSettings: Detector = {
  name: 'MID settings',
  kinds: [
    'mid-setting.added',
    'mid-setting.removed',
    'mid-setting.value-added',
    'mid-setting.value-removed',
    'mid-setting.default-changed',
  ],
  detect(base, head, emit) {
    // A base that predates info.x-mid-settings is not compared.
    if (!base.midSettings || !head.midSettings) return;
    const old = new Map(base.midSettings.map((setting) => [setting.name, setting]));
    const now = new Map(head.midSettings.map((setting) => [setting.name, setting]));
    for (const [name, setting] of old)
      if (!now.has(name)) emit('mid-setting.removed', MID_SETTINGS, name, `${setting.title} removed`);
    for (const [name, setting] of now) {
      const before = old.get(name);
      if (!before) {
        emit('mid-setting.added', MID_SETTINGS, name, `${setting.title} added`);
        continue;
      }
      if (before.values && setting.values) {
        for (const value of before.values)
          if (!setting.values.includes(value))
            emit('mid-setting.value-removed', MID_SETTINGS, name, `${setting.title}: value ${value} removed`, value);
        for (const value of setting.values)
          if (!before.values.includes(value))
            emit('mid-setting.value-added', MID_SETTINGS, name, `${setting.title}: value ${value} added`, value);
      }
      if (before.default !== setting.default)
        emit(
          'mid-setting.default-changed',
          MID_SETTINGS,
          name,
          `${setting.title}: default ${before.default ?? 'none'} → ${setting.default ?? 'none'}`,
          setting.default,
        );
    }
  },
};

export const deployment: Detector = {
  name: 'deployment settings',
  kinds: ['deployment.setting-changed'],
  detect(base, head, emit) {
    // Compared only when both sides' settings are known (a git ref carries spec/deployment.yaml).
    if (!base.deployment || !head.deployment) return;
    const [old, now] = [base.deployment.brandValues ?? {}, head.deployment.brandValues ?? {}];
    for (const label of new Set([...Object.keys(old), ...Object.keys(now)])) {
      const [was, is] = [old[label] ?? label, now[label] ?? label];
      if (was !== is)
        emit(
          'deployment.setting-changed',
          DEPLOYMENT,
          `brandValues.${label}`,
          `brand value of <${label}> ${was} → ${is}`,
          is,
        );
    }
    const [wasSignature, isSignature] = [
      base.deployment.cardStatusSignature ?? 'document',
      head.deployment.cardStatusSignature ?? 'document',
    ];
    if (wasSignature !== isSignature)
      emit(
        'deployment.setting-changed',
        DEPLOYMENT,
        'cardStatusSignature',
        `S2S CARD status-style signature ${wasSignature} → ${isSignature}`,
        isSignature,
      );
  },
};
