// createCallbackHandler as frameworks mount it: a node:http server on 127.0.0.1 (the way Express
// calls it too, with and without a raw body parser before it), and a real Web Request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestCallback,
  createCallbackHandler,
  SignatureError,
  type CallbackHandlerOptions,
  type GatewayCallback,
} from '../../generated/client/src/index.js';

const PASSWORD = 'callback-password';
const CALLBACK_URL = 'http://127.0.0.1/callbacks';
/** An S2S CARD callback without the payer e-mail: the signature needs it from the merchant's order. */
const FIELDS = { action: 'SALE', result: 'SUCCESS', status: 'SETTLED', order_id: 'ORDER-7', trans_id: 'T-7', card: '411111****1111' };
const ORDERS: Readonly<Record<string, { payer_email: string }>> = { 'ORDER-7': { payer_email: 'doe@example.com' } };
const SIGNED = buildTestCallback('card', FIELDS, { password: PASSWORD, signingContext: { payer_email: 'doe@example.com' } });

interface Recorder {
  readonly events: GatewayCallback[];
  readonly errors: unknown[];
  readonly lookups: unknown[];
  readonly options: CallbackHandlerOptions<GatewayCallback>;
}

function recorder(onEvent: (event: GatewayCallback) => void | Promise<void> = () => {}): Recorder {
  const events: GatewayCallback[] = [];
  const errors: unknown[] = [];
  const lookups: unknown[] = [];
  return {
    events,
    errors,
    lookups,
    options: {
      password: PASSWORD,
      signingContext: async (fields) => {
        lookups.push(fields['order_id']);
        return { payer_email: ORDERS[String(fields['order_id'])]?.payer_email ?? '' };
      },
      onEvent: async (event) => {
        await onEvent(event);
        events.push(event);
      },
      onError: (error) => errors.push(error),
    },
  };
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** Serves `listener` on 127.0.0.1 and posts `body` to it. */
async function post(listener: (request: IncomingMessage, response: ServerResponse) => void, body: string, method = 'POST') {
  server = createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/callbacks`, {
    method,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    ...(method === 'POST' ? { body } : {}),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

describe('createCallbackHandler on node:http', () => {
  it('reads the raw body, looks the order up, verifies, runs onEvent and answers OK', async () => {
    const r = recorder();
    expect(await post(createCallbackHandler(r.options), SIGNED)).toEqual({ status: 200, text: 'OK', type: 'text/plain; charset=utf-8' });
    expect(r.lookups).toEqual(['ORDER-7']);
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({ protocol: 'card', fields: FIELDS });
    expect(r.errors).toEqual([]);
  });

  it('answers ERROR with 400 to a tampered body and never runs onEvent', async () => {
    const r = recorder();
    const tampered = SIGNED.replace('trans_id=T-7', 'trans_id=T-9');
    expect(await post(createCallbackHandler(r.options), tampered)).toMatchObject({ status: 400, text: 'ERROR' });
    expect(r.events).toEqual([]);
    expect(r.errors[0]).toBeInstanceOf(SignatureError);
  });

  it('answers 400 when the signing context the lookup gives does not match the order that was signed', async () => {
    const r = recorder();
    const otherOrder = buildTestCallback('card', { ...FIELDS, order_id: 'ORDER-UNKNOWN' }, { password: PASSWORD, signingContext: { payer_email: 'doe@example.com' } });
    expect(await post(createCallbackHandler(r.options), otherOrder)).toMatchObject({ status: 400, text: 'ERROR' });
    expect(r.events).toEqual([]);
  });

  it('answers ERROR with 500 when onEvent throws, so the platform delivers again', async () => {
    const failure = new Error('database down');
    const r = recorder(() => {
      throw failure;
    });
    expect(await post(createCallbackHandler(r.options), SIGNED)).toMatchObject({ status: 500, text: 'ERROR' });
    expect(r.errors).toEqual([failure]);
  });

  it('answers 500 when the order lookup itself fails', async () => {
    const r = recorder();
    const handler = createCallbackHandler({
      ...r.options,
      signingContext: () => {
        throw new Error('lookup failed');
      },
    });
    expect(await post(handler, SIGNED)).toMatchObject({ status: 500, text: 'ERROR' });
    expect(r.events).toEqual([]);
  });

  it('takes the raw body a parser already read (express.raw gives a Buffer, express.text a string)', async () => {
    for (const toBody of [(raw: Buffer) => raw, (raw: Buffer) => raw.toString('utf8')]) {
      const r = recorder();
      const handler = createCallbackHandler(r.options);
      const status = await post((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => void handler(Object.assign(request, { body: toBody(Buffer.concat(chunks)) }), response));
      }, SIGNED);
      expect(status).toMatchObject({ status: 200, text: 'OK' });
      expect(r.events).toHaveLength(1);
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });

  it('refuses a body another middleware already parsed into an object, naming the fix', async () => {
    const r = recorder();
    const handler = createCallbackHandler(r.options);
    const status = await post((request, response) => {
      request.resume();
      request.on('end', () => void handler(Object.assign(request, { body: { order_id: 'ORDER-7' } }), response));
    }, SIGNED);
    expect(status).toMatchObject({ status: 500, text: 'ERROR' });
    expect(String(r.errors[0])).toContain('express.raw');
  });

  it('answers 405 to anything but POST and 413 to a body over the limit', async () => {
    const r = recorder();
    expect(await post(createCallbackHandler(r.options), SIGNED, 'GET')).toMatchObject({ status: 405, text: 'ERROR' });
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect(await post(createCallbackHandler({ ...r.options, maxBodyBytes: 64 }), SIGNED)).toMatchObject({ status: 413, text: 'ERROR' });
    expect(r.events).toEqual([]);
  });
});

describe('createCallbackHandler.fetch (Web standard)', () => {
  const request = (body: string | undefined, method = 'POST') => new Request(CALLBACK_URL, { method, body: body ?? null, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

  it('answers a real Request with OK and runs onEvent once', async () => {
    const r = recorder();
    const response = await createCallbackHandler(r.options).fetch(request(SIGNED));
    expect([response.status, await response.text(), response.headers.get('content-type')]).toEqual([200, 'OK', 'text/plain; charset=utf-8']);
    expect(r.events).toHaveLength(1);
  });

  it('answers 400 to a tampered body, 500 when onEvent throws, 405 to a GET', async () => {
    const r = recorder(() => {
      throw new Error('queue full');
    });
    const handler = createCallbackHandler(r.options);
    const tampered = await handler.fetch(request(SIGNED.replace('T-7', 'T-8')));
    expect([tampered.status, await tampered.text()]).toEqual([400, 'ERROR']);
    const failing = await handler.fetch(request(SIGNED));
    expect([failing.status, await failing.text()]).toEqual([500, 'ERROR']);
    const get = await handler.fetch(request(undefined, 'GET'));
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('refuses a body over the limit while reading it', async () => {
    const r = recorder();
    const response = await createCallbackHandler({ ...r.options, maxBodyBytes: 64 }).fetch(request(SIGNED));
    expect(response.status).toBe(413);
    expect(r.lookups).toEqual([]);
  });
});

describe('createCallbackHandler.respond (any framework that read the raw body)', () => {
  it('gives the status and text to send', async () => {
    const r = recorder();
    const handler = createCallbackHandler(r.options);
    expect(await handler.respond(Buffer.from(SIGNED))).toEqual({ status: 200, body: 'OK' });
    expect(await handler.respond('not a callback')).toEqual({ status: 400, body: 'ERROR' });
  });
});
