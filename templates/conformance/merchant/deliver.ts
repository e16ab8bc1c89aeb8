// Delivering callbacks to a merchant's endpoint the ways the platform does, and the ways it
// fails: whole, with its answer dropped (a retryable failure), or tampered after signing.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Exchange } from '../report.js';

export interface Delivery {
  readonly status: number;
  readonly text: string;
  readonly exchange: Exchange;
}

const CONTENT_TYPE = 'application/x-www-form-urlencoded; charset=utf-8';

/** Shown in a report: the body without its hash. */
const shownBody = (body: string) => body.replace(/hash=[^&]*/, 'hash=…');

export async function deliver(url: string, body: string, timeoutMs: number): Promise<Delivery> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': CONTENT_TYPE },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = (await response.text()).slice(0, 500);
  return {
    status: response.status,
    text,
    exchange: { request: `POST ${url} ${shownBody(body)}`, status: response.status, answer: text },
  };
}

/**
 * A delivery the platform counts as failed and retries: the whole body is sent, and the
 * connection is dropped without waiting for the answer, as when the endpoint answers too late.
 * The endpoint may well have applied it: the redelivery must not apply it again.
 */
export function dropAnswer(url: string, body: string): Promise<void> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send(target, {
      method: 'POST',
      headers: { 'Content-Type': CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body) },
    });
    const drop = () => {
      outgoing.destroy();
      // Give the endpoint the moment it needs to finish what it received.
      setTimeout(resolve, 50);
    };
    outgoing.on('error', () => undefined);
    outgoing.on('response', drop);
    outgoing.end(body, () => setTimeout(drop, 200));
  });
}

/** The endpoint acknowledged it: 2xx, and on S2S the text `OK` the platform waits for. */
export function acknowledged(delivery: Delivery, protocol: string): boolean {
  const ok = delivery.status >= 200 && delivery.status <= 299;
  return protocol === 'checkout' ? ok : ok && delivery.text.trim() === 'OK';
}
