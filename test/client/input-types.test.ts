// Every generated input type is a real object type: no operation's input may collapse to
// `unknown` or `any` (RECURRING_SALE once did, through an `anyOf` of `required`-only branches),
// and no field of one may be typed `any`. The need each states is the field layer's (and so the
// validators'): a field the layer requires is required in every member of the type, one it leaves
// optional is optional wherever the type has it. Read with the TypeScript checker over types.ts.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { schemaFields } from '../../generators/model/fields.js';
import type { OpenApiDocument } from '../../generators/model/openapi.js';
import { clientFilledFields, clientOperations } from '../../generators/model/operations.js';
import { buildSpecModel } from '../../generators/model/spec-model.js';
import { loadBundledSpec } from '../support/spec-examples.js';

const TYPES = fileURLToPath(new URL('../../generated/client/src/types.ts', import.meta.url));
const program = ts.createProgram([TYPES], { strict: true, exactOptionalPropertyTypes: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const source = program.getSourceFile(TYPES)!;
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
const inputs = exported.filter((symbol) => symbol.name.endsWith('Input')).map((symbol) => [symbol.name, checker.getDeclaredTypeOfSymbol(symbol)] as const);
const typeOf = (name: string) => checker.getDeclaredTypeOfSymbol(exported.find((symbol) => symbol.name === name)!);

/** Each operation's input and its request's top-level fields by the field layer's need. */
const model = buildSpecModel(loadBundledSpec() as OpenApiDocument, []);
/** What no input carries: every field some operation's client fills (the model's list). */
const CLIENT_FILLED = new Set(clientFilledFields(clientOperations(model)));
const fieldsByNeed = (schemaName: string, left: ReadonlySet<string> = new Set()) => {
  const fields = [...schemaFields(model, schemaName).top].filter(([name]) => !left.has(name));
  const named = (need: string) => fields.filter(([, field]) => field.need === need).map(([name]) => name).sort();
  return [named('required'), named('optional')] as const;
};
/** Each operation's input; each response and callback schema's named type. */
const needs = [
  ...clientOperations(model).map((operation) => [operation.names.input, ...fieldsByNeed(operation.requestSchemaName, CLIENT_FILLED)] as const),
  ...[...new Set([...model.s2sActions.map((action) => action.responseSchemaName), ...model.checkoutOperations.map((operation) => operation.responseSchemaName), ...model.webhooks.map((webhook) => webhook.schemaName)])]
    .filter((name): name is string => name !== undefined)
    .map((name) => [name, ...fieldsByNeed(name)] as const),
];

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
  it.each(needs)('%s states the need of each field as the field layer does', (name, required, optional) => {
    const type = typeOf(name);
    const members = type.isUnion() ? type.types : [type];
    const isOptional = (property: ts.Symbol) => (property.flags & ts.SymbolFlags.Optional) !== 0;
    for (const member of members) {
      const property = (field: string) => checker.getPropertyOfType(member, field);
      expect(required.filter((field) => !property(field) || isOptional(property(field)!)), 'required by the layer').toEqual([]);
      expect(optional.filter((field) => property(field) && !isOptional(property(field)!)), 'optional by the layer').toEqual([]);
    }
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
