// One definition per keyword, as ajv has them: the keyword, the instance type it applies to, and
// the code it emits. compile-schema.ts runs the definitions in the order of KEYWORDS (keywords/).
import type { SchemaObject } from '../../model/json-schema.js';
import type { Code } from './code.js';
import type { CodeScope } from './code-scope.js';

export type InstanceType = 'string' | 'number' | 'object' | 'array';

export interface KeywordDefinition {
  readonly keyword: string;
  /** Keywords read only together with this one (`then`/`else` with `if`, `minContains` with `contains`). */
  readonly with?: readonly string[];
  /** Values of other types pass the keyword untouched. */
  readonly type?: InstanceType;
  code(schema: SchemaObject, scope: CodeScope): Code;
}
