// Lint rules for the project's own spec conventions. Plain ESM so that both Redocly CLI (v2 core)
// and openapi-typescript (v1 core) can load it.

const STRING_BOUNDS = ['maxLength', 'enum', 'const', 'pattern', 'format'];

function isStringSchema(schema) {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

function resolveNode(ctx, node) {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    const resolved = ctx.resolve(node);
    return resolved && resolved.node ? resolved.node : undefined;
  }
  return node;
}

/** The values a branch's discriminator property may take (`const`, or a one-element `enum`). */
function branchTagValues(ctx, branch, propertyName) {
  const schema = resolveNode(ctx, branch);
  const property = resolveNode(ctx, schema?.properties?.[propertyName]);
  if (!property) return [];
  if (property.const !== undefined) return [property.const];
  if (Array.isArray(property.enum)) return property.enum;
  return [];
}

/** Discriminator mapping keys must equal the `const` values of the oneOf branches, one for one. */
function DiscriminatorMappingMatchesConst() {
  return {
    Schema: {
      enter(schema, ctx) {
        const discriminator = schema.discriminator;
        if (!discriminator) return;
        const where = { reportOnKey: true, ...ctx.location.child(['discriminator']) };
        if (!discriminator.mapping) {
          ctx.report({ message: 'A discriminator needs an explicit `mapping`.', location: ctx.location.child(['discriminator']) });
          return;
        }
        if (!Array.isArray(schema.oneOf)) {
          ctx.report({ message: 'A discriminator goes beside a `oneOf`.', location: ctx.location.child(['discriminator']) });
          return;
        }
        if (schema.type !== 'object') {
          ctx.report({ message: 'A discriminated `oneOf` needs `type: object` beside it.', location: ctx.location });
        }
        const consts = new Set();
        for (const branch of schema.oneOf) {
          const values = branchTagValues(ctx, branch, discriminator.propertyName);
          if (values.length === 0) {
            ctx.report({
              message: `Every oneOf branch needs \`${discriminator.propertyName}\` with a \`const\`; ${branch.$ref ?? 'an inline branch'} has none.`,
              location: ctx.location.child(['oneOf']),
            });
          }
          for (const value of values) consts.add(value);
        }
        const keys = new Set(Object.keys(discriminator.mapping));
        for (const key of keys) {
          if (!consts.has(key)) {
            ctx.report({ message: `Mapping key \`${key}\` matches no branch's \`const\`.`, location: ctx.location.child(['discriminator', 'mapping', key]) });
          }
        }
        for (const value of consts) {
          if (!keys.has(value)) {
            ctx.report({ message: `Branch \`const\` \`${value}\` has no mapping key.`, location: where });
          }
        }
      },
    },
  };
}

/**
 * Bounds come from sources: a string states the bound the document or the facts give (cited in a
 * YAML comment), or a generous safety cap marked `x-safety-cap: true`. A cap that is not generous
 * would reject values the platform accepts, so it is reported.
 */
const SAFETY_CAP_MINIMUM = 255;

function StringSchemaBounded() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (schema['x-safety-cap'] !== undefined) {
          if (schema['x-safety-cap'] !== true || typeof schema.maxLength !== 'number' || schema.maxLength < SAFETY_CAP_MINIMUM) {
            ctx.report({
              message: `A safety cap is \`x-safety-cap: true\` beside a generous \`maxLength\` (at least ${SAFETY_CAP_MINIMUM}); a tighter bound needs a source.`,
              location: ctx.location,
            });
          }
          return;
        }
        if (!isStringSchema(schema)) return;
        if (STRING_BOUNDS.some((key) => schema[key] !== undefined)) return;
        ctx.report({
          message: `String schema is unbounded: add the bound the document or the facts give (cite it in a YAML comment), or a generous maxLength with \`x-safety-cap: true\`.`,
          location: ctx.location,
        });
      },
    },
  };
}

function mediaTypesWithoutExamples(content) {
  return Object.entries(content ?? {})
    .filter(([, media]) => media.example === undefined && (!media.examples || Object.keys(media.examples).length === 0))
    .map(([type]) => type);
}

/** Every request body and every successful response carries at least one example. */
function OperationHasExamples() {
  return {
    Operation: {
      enter(operation, ctx) {
        const body = resolveNode(ctx, operation.requestBody);
        for (const type of mediaTypesWithoutExamples(body?.content)) {
          ctx.report({ message: `Request body \`${type}\` has no example.`, location: ctx.location.child(['requestBody']) });
        }
        for (const [code, response] of Object.entries(operation.responses ?? {})) {
          if (!code.startsWith('2')) continue;
          for (const type of mediaTypesWithoutExamples(resolveNode(ctx, response)?.content)) {
            ctx.report({ message: `Response ${code} \`${type}\` has no example.`, location: ctx.location.child(['responses', code]) });
          }
        }
      },
    },
  };
}

/**
 * The leaves of a discriminated body: each leaf is the set of discriminator values that selects it
 * (`{action: SALE, brand: vcard}`). Plain oneOf branches are followed without adding a value.
 */
function discriminatorLeaves(ctx, node, selected, seen) {
  const schema = resolveNode(ctx, node);
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [selected];
  const nextSeen = new Set(seen).add(schema);
  const leaves = [];
  if (schema.discriminator?.mapping) {
    for (const [key, target] of Object.entries(schema.discriminator.mapping)) {
      const branch = schema.oneOf?.find((b) => b.$ref === target) ?? { $ref: target };
      leaves.push(...discriminatorLeaves(ctx, branch, { ...selected, [schema.discriminator.propertyName]: key }, nextSeen));
    }
  } else if (Array.isArray(schema.oneOf)) {
    for (const branch of schema.oneOf) leaves.push(...discriminatorLeaves(ctx, branch, selected, nextSeen));
  }
  return leaves.length > 0 ? leaves : [selected];
}

/** Every action (and every method of a discriminated action) has a request example. */
function EveryActionHasExample() {
  return {
    MediaType: {
      enter(media, ctx) {
        if (!media.schema || !ctx.location.pointer.includes('/requestBody/')) return;
        const leaves = discriminatorLeaves(ctx, media.schema, {}, new Set());
        const values = [
          ...(media.example !== undefined ? [media.example] : []),
          ...Object.values(media.examples ?? {}).map((example) => resolveNode(ctx, example)?.value),
        ];
        for (const leaf of leaves) {
          const wanted = Object.entries(leaf);
          if (wanted.length === 0) continue;
          const covered = values.some((value) => value && wanted.every(([key, want]) => value[key] === want));
          if (!covered) {
            ctx.report({
              message: `No request example for ${wanted.map(([key, want]) => `${key}=${want}`).join(', ')}.`,
              location: ctx.location,
            });
          }
        }
      },
    },
  };
}

export default function conventionsPlugin() {
  return {
    id: 'conventions',
    rules: {
      oas3: {
        'discriminator-mapping-matches-const': DiscriminatorMappingMatchesConst,
        'string-schema-bounded': StringSchemaBounded,
        'operation-has-examples': OperationHasExamples,
        'every-action-has-example': EveryActionHasExample,
      },
    },
  };
}
