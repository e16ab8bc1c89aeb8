// The spec check's own Redocly rules: what the generators need of a spec beyond OpenAPI itself.
// They run in the same walk as Redocly's rules and the project's conventions (redocly/plugin.js),
// so each problem has its file, line and column.
import type { Plugin } from '@redocly/openapi-core';
import { everyNode, type NodeCheck } from './every-node.js';
import { checkExtensions } from './extensions.js';
import { checkKeywords } from './keywords.js';
import { checkPatterns } from './patterns.js';

const CHECKS: Readonly<Record<string, NodeCheck>> = {
  'spec-check/json-schema-keywords': checkKeywords,
  'spec-check/documented-extensions': checkExtensions,
  'spec-check/patterns-compile': checkPatterns,
};

/** Ready for Redocly's config: rule ids carry the plugin id already (extra plugins are not prefixed). */
export const SPEC_CHECK_PLUGIN: Plugin = {
  id: 'spec-check',
  rules: { oas3: Object.fromEntries(Object.entries(CHECKS).map(([id, check]) => [id, () => everyNode(check)])) as NonNullable<NonNullable<Plugin['rules']>['oas3']> },
};

export const SPEC_CHECK_RULES: Readonly<Record<string, 'error'>> = Object.fromEntries(Object.keys(CHECKS).map((id) => [id, 'error']));
