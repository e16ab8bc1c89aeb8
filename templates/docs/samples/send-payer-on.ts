// 3-D Secure and redirects: a REDIRECT answer says how the payer's browser must reach
// `redirect_url`. With `redirect_method` POST it posts `redirect_params` (PaReq, MD and TermUrl for
// 3-D Secure) as a form, which the page below submits by itself; with GET it simply goes there.
// Sending a POST challenge by GET, or without its parameters, fails the challenge.
import type { ServerResponse } from 'node:http';
import type { S2sRedirectFields } from '@payment-gateway/merchant-client';

type PayerRedirect = Pick<S2sRedirectFields, 'redirect_url' | 'redirect_method' | 'redirect_params'>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Answers the payer's browser with the way on that the REDIRECT answer `answer` gives. */
export function sendPayerOn(answer: PayerRedirect, response: ServerResponse): void {
  // `redirect_params`: an object of fields, a list of { name, value }, or `[]` (or absent) when
  // there is nothing to send.
  const params: Record<string, string> = Array.isArray(answer.redirect_params)
    ? Object.fromEntries(answer.redirect_params.map(({ name, value }) => [name, value]))
    : (answer.redirect_params ?? {});
  if (answer.redirect_method === 'POST') {
    const inputs = Object.entries(params)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Redirecting</title><body onload="document.forms[0].submit()">` +
        `<form method="post" action="${escapeHtml(answer.redirect_url)}">${inputs}<button>Continue</button></form>`,
    );
    return;
  }
  // GET: parameters, when any, go in the query; a query redirect_url already has stays as it is.
  const target = new URL(answer.redirect_url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  response.writeHead(302, { Location: target.toString() });
  response.end();
}
