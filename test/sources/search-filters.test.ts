// The Protocol Mapping row "Transaction search filters" against the spec (issue 37): the option
// adds nothing to a callback, so the spec states it in the reader text of the fields it names, and
// the docs' callback pages show it. Every field the document's row names is named there.
import { describe, expect, it } from 'vitest';
import { readInterfaceDocument } from '../support/outside-inputs.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const OPTION = 'Transaction search filters';

/** Every `description` of the bundle that names the option. */
function descriptionsNaming(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) descriptionsNaming(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string' && value.includes(OPTION)) found.push(value);
      else descriptionsNaming(value, found);
    }
  }
  return found;
}

describe('Protocol Mapping "Transaction search filters"', () => {
  it('names every filter of the document\'s row, the card-on-file fields included', () => {
    const row = readInterfaceDocument()
      .split('\n')
      .find((line) => line.startsWith(`| ${OPTION} |`));
    expect(row).toBeDefined();
    const filters = [...row!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    expect(filters).toEqual(['threeDSServerTransID', 'transStatus', 'dsTransID', 'acsTransID', 'xid', 'transFlow']);
    expect(row).toContain('the COF fields');
    const stated = descriptionsNaming(loadBundledSpec()).join('\n');
    for (const filter of filters) expect(stated, filter).toContain(`\`${filter}\``);
    // The COF fields are `initiator`, `source` and `sequence`: each one's schema says it is a filter.
    const schemas = loadBundledSpec()['components']['schemas'] as Record<string, { description?: string }>;
    for (const name of ['CofInitiator', 'CofSource', 'CofSequence']) expect(schemas[name]!.description, name).toContain(OPTION);
  });
});
