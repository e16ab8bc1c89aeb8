// The bracket form codec against `qs` on a realistic S2S SALE: a cart of five items (each with
// a recipient) and shipping under `parameters[...]`, as an APC-style method sends them.
import { deepStrictEqual } from 'node:assert/strict';
import qs from 'qs';
import { decodeForm, encodeForm, type FormObject } from '../generated/client/src/runtime/form-codec.js';
import { compareThroughput, figure, throughputPreset, type BenchOptions, type Figure } from './harness.js';

/** qs options: indices like ours, spaces as `+` (WHATWG form encoding, as URLSearchParams). */
export const QS_STRINGIFY: qs.IStringifyOptions = { format: 'RFC1738', arrayFormat: 'indices' };
/** Raised limits so qs parses the whole structure (depth 5 and 20 array items are its defaults). */
export const QS_PARSE: qs.IParseOptions = { depth: 20, arrayLimit: 1000, parameterLimit: 100_000 };

export function apcSale(): FormObject {
  const items = Array.from({ length: 5 }, (_, index) => ({
    sku: `SKU-${1000 + index}`,
    name: ['Green tea [loose]', 'Café crème 250 g', 'Teapot & cups', 'Gift card: 50 €', 'Honey (raw) 500g'][index]!,
    quantity: String(index + 1),
    unit_price: `${(index + 1) * 3}.50`,
    total_amount: `${(index + 1) * (index + 1) * 3}.50`,
    category: index === 3 ? 'digital' : 'physical',
    url: `https://shop.example/products/${1000 + index}?ref=cart&variant=${index}`,
    image_url: `https://cdn.shop.example/img/${1000 + index}.jpg`,
    recipient: {
      first_name: ['Jane', 'Zoë', 'Ana', 'Li', 'Marc'][index]!,
      last_name: ['Roe', 'Müller', 'García', 'Wang', "O'Neil"][index]!,
      email: `recipient${index}@example.com`,
      phone: `+49 30 1234 56${index}`,
    },
  }));
  return {
    action: 'SALE',
    client_key: 'c2b8fb04-110f-11ea-bcd3-0242ac150003',
    brand: 'afterpay',
    order_id: 'ORDER-42345',
    order_amount: '114.50',
    order_currency: 'EUR',
    order_description: 'Cart #42345: tea, coffee & gifts',
    identifier: 'payer-42',
    payer_first_name: 'Jane',
    payer_last_name: 'Roe',
    payer_address: 'Main street 5',
    payer_country: 'DE',
    payer_city: 'Berlin',
    payer_zip: '10115',
    payer_email: 'jane.roe@example.com',
    payer_phone: '+49301234567',
    payer_ip: '203.0.113.11',
    return_url: 'https://merchant.example/return?order=ORDER-42345&lang=de',
    parameters: {
      cart: {
        currency: 'EUR',
        total_amount: '114.50',
        tax_amount: '18.28',
        items,
      },
      shipping: {
        method: 'courier',
        amount: '4.90',
        first_name: 'Jane',
        last_name: 'Roe',
        address: 'Main street 5, 2nd floor',
        city: 'Berlin',
        zip: '10115',
        country: 'DE',
        phone: '+49301234567',
        email: 'jane.roe@example.com',
      },
    },
    hash: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  };
}

/** Checks both codecs read and write the same structure, so the figures compare like with like. */
export function checkEquivalence(sale: FormObject): { ours: string; theirs: string } {
  const ours = encodeForm(sale);
  const theirs = qs.stringify(sale, QS_STRINGIFY);
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  deepStrictEqual(decodeForm(ours), plain(sale), 'decodeForm(encodeForm(sale)) must give the sale back');
  deepStrictEqual(plain(qs.parse(ours, QS_PARSE)), plain(sale), 'qs must parse our encoding to the same tree');
  deepStrictEqual(decodeForm(theirs), plain(sale), 'we must parse the qs encoding to the same tree');
  return { ours, theirs };
}

export async function benchFormCodec(options: BenchOptions): Promise<Figure[]> {
  const sale = apcSale();
  const { ours: encoded, theirs: qsEncoded } = checkEquivalence(sale);
  const fields = encoded.split('&').length;
  const preset = throughputPreset(options);

  const encode = compareThroughput(
    () => encodeForm(sale),
    () => qs.stringify(sale, QS_STRINGIFY),
    preset,
  );
  // Each side decodes its own encoding (they differ only in which characters are escaped).
  const decode = compareThroughput(
    () => decodeForm(encoded),
    () => qs.parse(qsEncoded, QS_PARSE),
    preset,
  );
  const note = `${fields} fields, ${encoded.length} bytes encoded (qs: ${qsEncoded.length})`;
  return [
    figure({
      family: 'form-codec',
      name: 'form encode APC SALE (5 cart items + shipping)',
      unit: 'ops/s',
      better: 'higher',
      ours: encode.ours,
      baseline: encode.baseline,
      baselineLabel: 'qs.stringify',
      targets: [{ kind: 'ratio', op: '>=', value: 2 }],
      notes: [note],
    }),
    figure({
      family: 'form-codec',
      name: 'form decode APC SALE (5 cart items + shipping)',
      unit: 'ops/s',
      better: 'higher',
      ours: decode.ours,
      baseline: decode.baseline,
      baselineLabel: 'qs.parse',
      targets: [{ kind: 'ratio', op: '>=', value: 2 }],
      notes: [note],
    }),
  ];
}
