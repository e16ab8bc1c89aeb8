// Every generated input type is a real object type: no operation's input may collapse to
// `unknown` or `any` (RECURRING_SALE once did, through an `anyOf` of `required`-only branches),
// and no field of one may be typed `any`. Read with the TypeScript checker over types.ts.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isSchemaObject, type JsonSchema } from '../../generators/model/json-schema.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { clientOperations } from '../../generators/model/operations.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const TYPES = fileURLToPath(new URL('../../generated/client/src/types.ts', import.meta.url));
const program = ts.createProgram([TYPES], { strict: true, exactOptionalPropertyTypes: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(TYPES)!;
const inputs = checker
  .getExportsOfModule(checker.getSymbolAtLocation(source)!)
  .filter((symbol) => symbol.name.endsWith('Input'))
  .map((symbol) => [symbol.name, checker.getDeclaredTypeOfSymbol(symbol)] as const);

/** Each operation's input and the fields its request schema requires at top level (through $ref and allOf). */
const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);
const CLIENT_FILLED = new Set(['action', 'client_key', 'merchant_key', 'hash']);
function required(node: JsonSchema, seen = new Set<JsonSchema>()): string[] {
  const resolved = model.resolve(node);
  if (!isSchemaObject(resolved) || seen.has(resolved)) return [];
  seen.add(resolved);
  return [...(resolved.required ?? []), ...(resolved.allOf ?? []).flatMap((part) => required(part, seen))];
}
const operationsRequiring = clientOperations(model).map(
  (operation) => [operation.names.input, [...new Set(required(model.schema(operation.requestSchemaName)))].filter((field) => !CLIENT_FILLED.has(field)).sort()] as const,
);

const LOOSE = ts.TypeFlags.Any | ts.TypeFlags.Unknown;

/** What is wrong with a type: `unknown`/`any` itself, a union member, or a property typed `any`. */
function problems(type: ts.Type): string[] {
  if (type.flags & LOOSE) return [checker.typeToString(type)];
  const members = type.isUnion() ? type.types : [type];
  return members.flatMap((member) => {
    if (member.flags & LOOSE) return [`a union member is ${checker.typeToString(member)}`];
    if (!(member.flags & ts.TypeFlags.Object) && !member.isIntersection()) return [`a union member is ${checker.typeToString(member)}`];
    return checker
      .getPropertiesOfType(member)
      .filter((property) => checker.getTypeOfSymbol(property).flags & ts.TypeFlags.Any)
      .map((property) => `${property.name} is any`);
  });
}

describe('generated input types', () => {
  it('cover the operations', () => {
    expect(inputs.map(([name]) => name)).toEqual(expect.arrayContaining(['RecurringSaleCardInput', 'RecurringDebitCardInput', 'SaleCardInput', 'CheckoutCreateSessionInput']));
  });

  it.each(inputs)('%s is a real object type', (_name, type) => {
    expect(problems(type)).toEqual([]);
  });

  // A type that lost a branch to `unknown` still looks like an object, without the branch's fields.
  it.each(operationsRequiring)('%s has every field its request requires', (name, required) => {
    const type = inputs.find(([input]) => input === name)![1];
    const members = type.isUnion() ? type.types : [type];
    for (const member of members) expect(required.filter((field) => !checker.getPropertyOfType(member, field))).toEqual([]);
  });
});

describe('fields with a JSON Schema default stay optional', () => {
  // Checkout `auth` has `default: false`; openapi-typescript would type it as required unless its
  // defaultNonNullable option is off (generators/emitters/types).
  it.each([['CheckoutCreateSessionInput', 'auth'], ['CheckoutCreateSessionTokenInput', 'auth']])('%s.%s is optional', (name, field) => {
    const type = inputs.find(([input]) => input === name)?.[1];
    expect(type, name).toBeDefined();
    const property = checker.getPropertyOfType(type!, field);
    expect(property, `${name}.${field}`).toBeDefined();
    expect(property!.flags & ts.SymbolFlags.Optional).not.toBe(0);
  });
});
