// Configuration mistakes fail when the client is created (or the parser called), with a
// ConfigurationError naming the option, never its value; nothing is sent.
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createCheckoutClient,
  createS2SClient,
  GatewayError,
  parseCallback,
  type ClientOptions,
} from '../../generated/client/src/index.js';
import { CLIENT_KEY, PASSWORD } from '../support/fixtures.js';
import { thrown } from '../support/hostile.js';

const valid: ClientOptions = { baseUrl: 'https://gateway.example', merchantKey: CLIENT_KEY, password: PASSWORD };

describe('client options', () => {
  it.each([
    { given: 'an empty password', options: { ...valid, password: '' }, want: /password/ },
    { given: 'a whitespace password', options: { ...valid, password: '  \t' }, want: /password/ },
    { given: 'an empty merchant key', options: { ...valid, merchantKey: ' ' }, want: /merchantKey/ },
    { given: 'a relative base URL', options: { ...valid, baseUrl: 'gateway.example' }, want: /baseUrl must be an absolute/ },
    { given: 'a base URL ending in /post', options: { ...valid, baseUrl: 'https://gateway.example/post' }, want: /endpoint path \/post/ },
    { given: 'a base URL ending in /post/', options: { ...valid, baseUrl: 'https://gateway.example/post/' }, want: /endpoint path \/post/ },
    { given: "signatureAlgorithm 'sha3'", options: { ...valid, signatureAlgorithm: 'sha3' as never }, want: /signatureAlgorithm must be 'md5' or 'sha256'/ },
    { given: 'a brand value that is not a string', options: { ...valid, brandValues: { pin_voucher: 7 as never } }, want: /brandValues/ },
  ])('S2S: $given', ({ options, want }) => {
    const error = thrown(() => createS2SClient(options));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toMatch(want);
    expect((error as Error).message).not.toContain(PASSWORD);
  });

  it('Checkout: a base URL ending in an endpoint path', () => {
    const error = thrown(() => createCheckoutClient({ ...valid, baseUrl: 'https://checkout.example/api/v1/session' }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/endpoint path \/api\/v1\/session/);
  });

  it('a base URL with a path prefix of its own is kept', () => {
    expect(() => createS2SClient({ ...valid, baseUrl: 'https://gateway.example/merchant-api/' })).not.toThrow();
  });
});

describe('callback options', () => {
  it.each([
    { given: 'no options', options: undefined, want: /parseCallback needs options/ },
    { given: 'an empty password', options: { password: '' }, want: /password/ },
    { given: "signatureAlgorithm 'sha3'", options: { password: PASSWORD, signatureAlgorithm: 'sha3' }, want: /signatureAlgorithm must be/ },
  ])('parseCallback with $given', ({ options, want }) => {
    const error = thrown(() => parseCallback('order_id=1&hash=abc', options as never));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(want);
  });
});
