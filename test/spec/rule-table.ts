// One shape for the rule tables: each stated rule (the document's or the facts' wording) names the
// rows that prove it, and each row is given an example and one change, and wants the issue the
// generated validator reports (wire path + JSON Schema keyword), `valid` (no issue and no
// warning), or a warning: valid, with that warning (a check the spec marks `x-warning`).
import { describe, expect, it } from 'vitest';
import { generatedValidator } from '../support/generated-validators.js';

export type Json = Record<string, any>;

export interface WantedIssue {
  readonly path: string;
  readonly rule: string;
  /** A text the issue's message contains (or an asymmetric matcher). */
  readonly message?: unknown;
}

export interface RuleRow {
  readonly given: {
    /** Base example id (as the table's `example` function reads it). */
    readonly example: string;
    /** Component schema whose generated validator checks the changed value. */
    readonly schema: string;
    readonly change: (value: Json) => void;
  };
  readonly want: WantedIssue | 'valid' | { readonly warning: WantedIssue };
}

/** Stated rule → the rows that prove it. A rule without a row fails the table. */
export type RuleTable = Readonly<Record<string, readonly RuleRow[]>>;

export interface RuleTableOptions {
  /** The base value of an example id; undefined when the spec has no such example. */
  readonly example: (id: string) => unknown;
  readonly style: (schema: string) => 'form' | 'json';
  /** Further checks on every row's issues (card data never shown, ...). */
  readonly afterEach?: (issues: readonly { path: string; rule: string; message: string }[], value: Json) => void;
}

export function describeRuleTable(title: string, table: RuleTable, options: RuleTableOptions): void {
  describe(title, () => {
    it.each(Object.keys(table))('stated rule has a row: %s', (rule) => {
      expect(table[rule]!.length, rule).toBeGreaterThan(0);
    });

    const cases = Object.entries(table).flatMap(([rule, rows]) =>
      rows.map((row, index) => [rows.length > 1 ? `${rule} (${index + 1})` : rule, row] as const),
    );
    it.each(cases)('%s', (_rule, { given, want }) => {
      const base = options.example(given.example);
      expect(base, `no spec example ${given.example}`).toBeDefined();
      const validate = generatedValidator(given.schema);
      const style = options.style(given.schema);
      expect(validate(base, style).ok, `${given.example} must be valid before the change`).toBe(true);
      const value = structuredClone(base) as Json;
      given.change(value);
      const result = validate(value, style);
      const issues = result.ok ? [] : result.issues;
      const warnings = result.warnings ?? [];
      const expectFound = (found: readonly { path: string; rule: string; message: string }[], { message, ...where }: WantedIssue) => {
        const matching = found.filter((issue) => issue.path === where.path && issue.rule === where.rule);
        expect(matching, JSON.stringify(found)).not.toEqual([]);
        if (typeof message === 'string') expect(matching.map((issue) => issue.message).join('\n')).toContain(message);
        else if (message !== undefined) expect(matching).toContainEqual(expect.objectContaining({ message }));
      };
      if (want === 'valid') {
        expect(issues).toEqual([]);
        expect(warnings).toEqual([]);
      } else if ('warning' in want) {
        // A warning never refuses: the value is valid, and the warning names its wire path.
        expect(issues).toEqual([]);
        expectFound(warnings, want.warning);
      } else {
        expectFound(issues, want);
      }
      options.afterEach?.([...issues, ...warnings], value);
    });
  });
}
