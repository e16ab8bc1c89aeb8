// The payer's side of a redirect: open the page the platform answered with (a 3DS challenge, a
// method's page, the Checkout hosted page), fill its form as a payer would and submit it, then
// follow the platform's own next page. Plain HTML forms are read as they are served: the form's
// action and its named inputs and buttons, nothing assumed about the URL shapes.
import { request, type Answer, type Target } from '../wire.js';

export interface PageForm {
  readonly action: string;
  readonly inputs: readonly string[];
  /** Submit buttons that carry a value: `name` → the values they send. */
  readonly buttons: readonly { readonly name: string; readonly value: string }[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');

/** The POST forms of a page, their actions made absolute against the page's address. */
export function pageForms(html: string, pageUrl: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const open = match[1]!;
    const inner = match[2]!;
    if ((attribute(open, 'method') ?? 'get').toLowerCase() !== 'post') continue;
    const inputs = [...inner.matchAll(/<input\b[^>]*>/gi)].flatMap((tag) => attribute(tag[0], 'name') ?? []);
    const buttons = [...inner.matchAll(/<button\b[^>]*>/gi)].flatMap((tag) => {
      const name = attribute(tag[0], 'name');
      const value = attribute(tag[0], 'value');
      return name !== undefined && value !== undefined ? [{ name, value }] : [];
    });
    forms.push({ action: new URL(attribute(open, 'action') ?? '', pageUrl).toString(), inputs, buttons });
  }
  return forms;
}

export interface PayerVisit {
  /** The pages opened and forms sent, in order, for the report. */
  readonly answers: readonly Answer[];
  /** Why the payer could not go on (no form to fill), or undefined. */
  readonly stuck?: string;
}

/**
 * How a REDIRECT answer sends the payer (`redirect_method`, facts §2.2): the fields to post to
 * `redirect_url` when it says POST (`redirect_params`, an object or a list of `{name, value}`),
 * undefined when the payer goes there by GET.
 */
export function postedParams(answer: unknown): Readonly<Record<string, string>> | undefined {
  const record = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if (record(answer)['redirect_method'] !== 'POST') return undefined;
  const params = record(answer)['redirect_params'];
  const pairs = Array.isArray(params)
    ? params.map((entry) => [String(record(entry)['name']), String(record(entry)['value'])])
    : Object.entries(record(params)).map(([name, value]) => [name, String(value)]);
  return Object.fromEntries(pairs);
}

/**
 * Opens `url` (posting `posted` to it when the answer said POST, as a browser submits the form)
 * and submits the first form whose inputs the payer can fill from `fields` (its other inputs left
 * empty), pressing the button whose value matches `press` where the form has buttons. A redirect
 * to another page of the same platform is opened and submitted the same way, at most `hops`
 * times; a redirect elsewhere (the merchant's return URL) ends the visit.
 */
export async function payerVisits(
  target: Target,
  url: string,
  fields: Readonly<Record<string, string>>,
  press: RegExp,
  hops = 3,
  posted?: Readonly<Record<string, string>>,
): Promise<PayerVisit> {
  const answers: Answer[] = [];
  let next: string | undefined = url;
  const origin = new URL(url).origin;
  for (let hop = 0; next !== undefined && hop < hops; hop++) {
    const page = hop === 0 && posted ? await request(target, next, 'POST', posted) : await request(target, next, 'GET');
    answers.push(page);
    const forms = pageForms(typeof page.body === 'string' ? page.body : '', next);
    const form =
      forms.find((candidate) => candidate.inputs.length > 0 && candidate.inputs.every((name) => name in fields)) ??
      forms.find((candidate) => candidate.inputs.length === 0 && candidate.buttons.some((b) => press.test(b.value)));
    if (!form) return { answers, stuck: `no form on ${next} the payer can fill (status ${page.status})` };
    const button = form.buttons.find((candidate) => press.test(candidate.value));
    const sent: Record<string, string> = Object.fromEntries(form.inputs.map((name) => [name, fields[name] ?? '']));
    if (button) sent[button.name] = button.value;
    const submitted = await request(target, form.action, 'POST', sent);
    answers.push(submitted);
    const location = submitted.location ? new URL(submitted.location, form.action) : undefined;
    next = location && location.origin === origin ? location.toString() : undefined;
  }
  return { answers };
}
