// A Redocly visitor that hands every mapping of the spec to a check with its node type (`Schema`,
// `Info`, `Operation`, ...), including the keys written beside a `$ref`: Redocly visits a `$ref`'s
// target in its place, once however many refer to it, so a key beside the `$ref`
// (`card_cvv2: {$ref: ..., x-sensitve: secret}`) is handed over from its parent.
import type { Location, UserContext } from '@redocly/openapi-core';

export type Mapping = Readonly<Record<string, unknown>>;
type NodeType = UserContext['type'];

export type NodeCheck = (node: Mapping, typeName: string, location: Location, report: UserContext['report']) => void;

const isMapping = (value: unknown): value is Mapping => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasRefSiblings = (value: unknown): value is Mapping => isMapping(value) && typeof value['$ref'] === 'string' && Object.keys(value).length > 1;

function typeOf(property: unknown, value: unknown, key: string): NodeType | undefined {
  const type = typeof property === 'function' ? (property as (value: unknown, key: string) => unknown)(value, key) : property;
  return isMapping(type) && typeof type['name'] === 'string' ? (type as unknown as NodeType) : undefined;
}

const childType = (parent: NodeType, key: string, value: unknown) => typeOf(parent.properties[key] ?? parent.additionalProperties, value, key);

export function everyNode(check: NodeCheck) {
  return {
    any: {
      enter(node: unknown, ctx: UserContext) {
        if (!isMapping(node)) return;
        check(node, ctx.type.name, ctx.location, ctx.report);
        for (const [key, child] of Object.entries(node)) {
          if (hasRefSiblings(child)) {
            const type = childType(ctx.type, key, child);
            if (type) check(child, type.name, ctx.location.child([key]), ctx.report);
          } else if (Array.isArray(child)) {
            const list = childType(ctx.type, key, child);
            child.forEach((item: unknown, index) => {
              const type = list && hasRefSiblings(item) ? typeOf(list.items, item, String(index)) : undefined;
              if (type) check(item as Mapping, type.name, ctx.location.child([key, index]), ctx.report);
            });
          }
        }
      },
    },
  };
}
