// Requests the client tests send: one place for the values several tests share.
import type { SaleApmInput, SaleCardInput } from '../../generated/client/src/index.js';

export const PASSWORD = '13a4822c5907ed235f3a068c76184fc3';
export const CLIENT_KEY = 'c2b8fb04-110f-11ea-bcd3-0242ac150003';

export const CARD_SALE: SaleCardInput = {
  order_id: 'ORDER-1',
  order_amount: '1.99',
  order_currency: 'USD',
  order_description: 'Product',
  card_number: '4111111111111111',
  card_exp_month: '01',
  card_exp_year: '2038',
  card_cvv2: '123',
  payer_ip: '203.0.113.10',
  term_url_3ds: 'https://merchant.example/3ds',
};

export const PIN_VOUCHER_SALE: SaleApmInput = {
  brand: 'pin_voucher',
  order_id: 'O-2',
  order_amount: '50.00',
  order_currency: 'EUR',
  order_description: 'Voucher',
  identifier: 'payer-42',
  payer_first_name: 'Jane',
  payer_last_name: 'Roe',
  payer_address: 'Main street 5',
  payer_country: 'DE',
  payer_city: 'Berlin',
  payer_zip: '10115',
  payer_ip: '203.0.113.11',
  parameters: { pin: '1234567890123456' },
};
