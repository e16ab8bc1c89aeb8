// Deployment settings applied at generation time. The interface document writes methods whose
// identifier names a company as neutral labels (`<pin_voucher>`); the real `brand` value is
// agreed with the operator, so a deployment sets it here and generation rewrites the spec.
import type { OpenApiDocument } from './openapi.js';

export interface DeploymentSettings {
  /** Real `brand` value per neutral label (label written without angle brackets). */
  readonly brandValues?: Readonly<Record<string, string>>;
  /**
   * The S2S CARD CAPTURE, VOID and GET_TRANS_STATUS signature: the document's status-style
   * formula (default), or the vendor appendix's (the recipes' `vendor` variant).
   */
  readonly cardStatusSignature?: 'document' | 'vendor';
}

/** The settings, then the method identifier, which travels as `brand` on S2S APM and as a key of `parameters` / an item of `methods` in Checkout. */
export function applyDeployment(document: OpenApiDocument, settings: DeploymentSettings): OpenApiDocument {
  const variant = settings.cardStatusSignature ?? 'document';
  if (variant !== 'document' && variant !== 'vendor') throw new Error(`spec/deployment.yaml: cardStatusSignature must be document or vendor, not ${String(variant)}`);
  if (variant === 'vendor') selectVariant(document, variant);
  const brandValues = new Map(Object.entries(settings.brandValues ?? {}).filter(([label, value]) => label !== value));
  if (brandValues.size === 0) return document;
  rewrite(document, brandValues);
  return document;
}

function rewrite(node: unknown, brandValues: ReadonlyMap<string, string>): void {
  if (Array.isArray(node)) {
    node.forEach((item) => rewrite(item, brandValues));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  // A brand schema (`brand: {const: label}`) or a brand value in an example (`brand: label`).
  const brand = record['brand'];
  if (typeof brand === 'string' && brandValues.has(brand)) record['brand'] = brandValues.get(brand);
  if (isRecord(brand) && typeof brand['const'] === 'string' && brandValues.has(brand['const'])) {
    brand['const'] = brandValues.get(brand['const']);
  }
  // The listed brands a redirect-only branch excludes (`brand: {not: {enum: [label, ...]}}`).
  const excluded = isRecord(brand) && isRecord(brand['not']) ? brand['not'] : undefined;
  if (excluded && Array.isArray(excluded['enum'])) {
    excluded['enum'] = excluded['enum'].map((value) => (typeof value === 'string' ? (brandValues.get(value) ?? value) : value));
  }
  // `methods: [label]` in Checkout examples.
  const methods = record['methods'];
  if (Array.isArray(methods)) {
    record['methods'] = methods.map((method) => (typeof method === 'string' ? (brandValues.get(method) ?? method) : method));
  }
  // Discriminator mappings keyed by brand, and method-keyed objects (`parameters.<method>`).
  const discriminator = record['discriminator'];
  if (isRecord(discriminator) && discriminator['propertyName'] === 'brand' && isRecord(discriminator['mapping'])) {
    discriminator['mapping'] = renameKeys(discriminator['mapping'], brandValues);
  }
  if (record['x-keyed-by'] === 'method' && isRecord(record['properties'])) {
    record['properties'] = renameKeys(record['properties'], brandValues);
  }
  if (isRecord(record['parameters']) && !('type' in record)) {
    record['parameters'] = renameKeys(record['parameters'], brandValues);
  }
  for (const value of Object.values(record)) rewrite(value, brandValues);
}

/** Every `x-signature` recipe with this variant takes its formula (the digests stay); variants go. */
function selectVariant(node: unknown, name: string): void {
  if (Array.isArray(node)) {
    node.forEach((item) => selectVariant(item, name));
    return;
  }
  if (!isRecord(node)) return;
  const variants = node['variants'];
  if ('digests' in node && isRecord(variants)) {
    const chosen = variants[name];
    delete node['variants'];
    if (isRecord(chosen)) {
      delete node['cases'];
      Object.assign(node, chosen);
    }
  }
  for (const value of Object.values(node)) selectVariant(value, name);
}

function renameKeys(record: Record<string, unknown>, names: ReadonlyMap<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [names.get(key) ?? key, value]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
