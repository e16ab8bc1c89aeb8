// Cross-origin access for a browser page that talks to the sandbox (the docs' "Try it" panel).
// Off by default except for loopback pages (a docs site served on the reader's own machine);
// `--cors-origin` names any other origin the reader trusts. The sandbox holds test data only,
// but a page on some other site should still not drive it unasked.
import type { IncomingMessage, ServerResponse } from 'node:http';

const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;
const METHODS = 'GET, POST, OPTIONS';
/** Preflights are cached by the browser this long (seconds). */
const MAX_AGE = '600';

/** True when a page of `origin` may read the sandbox's answers. `*` in `allowed` allows any origin. */
export function corsAllows(origin: string, allowed: readonly string[]): boolean {
  return LOOPBACK_ORIGIN.test(origin) || allowed.includes('*') || allowed.includes(origin.replace(/\/+$/, ''));
}

/**
 * Sets the CORS headers on an allowed cross-origin request and answers its preflight. Returns true
 * when the request was a preflight and has been answered (allowed or refused), so routing stops.
 */
export function applyCors(request: IncomingMessage, response: ServerResponse, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  const preflight = request.method === 'OPTIONS';
  response.setHeader('Vary', 'Origin');
  if (!origin) {
    if (!preflight) return false;
    response.writeHead(204, { Allow: METHODS, 'Content-Length': 0 }).end();
    return true;
  }
  const allows = corsAllows(origin, allowed);
  if (allows) response.setHeader('Access-Control-Allow-Origin', origin);
  if (!preflight) return false;
  if (!allows) {
    const text = JSON.stringify({
      error_message: `The sandbox does not answer pages of ${origin}; start it with --cors-origin ${origin} to allow them.`,
    });
    response.writeHead(403, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    response.end(text);
    return true;
  }
  response.writeHead(204, {
    'Access-Control-Allow-Methods': METHODS,
    'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? 'Content-Type',
    'Access-Control-Max-Age': MAX_AGE,
    'Content-Length': 0,
  });
  response.end();
  return true;
}
