// The "Try it" panel: sends the page's request to the reader's own sandbox and shows the signed
// request, the answer, the callbacks the sandbox delivered and the transaction's state and
// history. Loaded only on pages that carry `<TryIt data="…"/>` (an async component, see index.ts).
// It requests nothing but the page's own panel data and the sandbox URL the reader sets.
import { withBase } from 'vitepress';
import { computed, defineComponent, h, onMounted, reactive, ref, watch, type VNode } from 'vue';
import {
  callbackVerified,
  curlCall,
  exampleFields,
  requestObject,
  signatureSteps,
  validate,
  wireBody,
  type Field,
  type ShownCallback,
  type TryItData,
} from './try-it-request.js';
import { clientInput, typescriptCall } from './typescript-call.js';

const DEFAULT_SANDBOX = 'http://127.0.0.1:8080';
/** How long the panel waits for the sandbox's callbacks to be delivered after an answer. */
const CALLBACK_POLLS = 20;
const POLL_MS = 250;

interface Merchant {
  readonly key: string;
  readonly password: string;
}
interface Inspection {
  readonly transactions: readonly Record<string, unknown>[];
  readonly callbacks: readonly Record<string, unknown>[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} from ${url}`);
  return (await response.json()) as T;
}

export default defineComponent({
  name: 'TryIt',
  props: { data: { type: String, required: true } },
  setup(props) {
    const data = ref<TryItData>();
    const fields = ref<Field[]>([]);
    const signing = reactive<Record<string, string>>({});
    const headers = reactive<Record<string, string>>({});
    const exampleIndex = ref(0);
    const sandboxUrl = ref(DEFAULT_SANDBOX);
    const merchant = ref<Merchant>();
    // Idle until the reader asks: a page opens no connection to a sandbox that may not run (no
    // console error, no request to a private address from a public page).
    const connection = ref<'idle' | 'checking' | 'up' | 'down'>('idle');
    const answer = ref<{ status: number; body: unknown }>();
    const inspection = ref<Inspection>();
    const sending = ref(false);
    const copied = ref('');
    /** The request last sent: the callbacks it caused are verified with its values. */
    const lastSent = ref<Record<string, unknown>>({});
    /** The requests earlier in a follow-up chain (the SALE before its refund): the order's own values. */
    const chain = ref<Record<string, unknown>>({});
    /** The sandbox's answers in this chain, newest first: a callback's masked token is the one an answer gave. */
    const answers = ref<Record<string, unknown>[]>([]);

    async function load(address: string, carry: Record<string, string> = {}) {
      // The page's data is under its own release's site (`/v/6.7.0/try-it/…` on an older one).
      const loaded = await getJson<TryItData>(withBase(address));
      data.value = loaded;
      exampleIndex.value = 0;
      fields.value = exampleFields(loaded, loaded.examples[0]?.value ?? {}).map((field) =>
        carry[field.path] !== undefined ? { ...field, value: carry[field.path]! } : field,
      );
      for (const name of Object.keys(signing)) delete signing[name];
      for (const name of loaded.signingFields) signing[name] = carry[name] ?? '';
      for (const name of Object.keys(headers)) delete headers[name];
      for (const name of loaded.headers) headers[name] = '';
    }

    // The last look wins: an earlier Connect must not overwrite a later one.
    let looks = 0;
    async function connect() {
      const look = ++looks;
      connection.value = 'checking';
      let found: Merchant | undefined;
      try {
        const root = await getJson<{ merchants: Merchant[] }>(`${sandboxUrl.value.replace(/\/+$/, '')}/_sandbox`);
        found = root.merchants[0];
      } catch {
        found = undefined;
      }
      if (look !== looks) return;
      merchant.value = found;
      connection.value = found ? 'up' : 'down';
    }

    onMounted(async () => {
      await load(props.data);
    });

    const base = computed(() => sandboxUrl.value.replace(/\/+$/, ''));
    const request = computed(() =>
      data.value ? requestObject(data.value, fields.value, merchant.value?.key ?? '') : {},
    );
    const steps = computed(() =>
      data.value && merchant.value
        ? signatureSteps(data.value, request.value, signing, merchant.value.password)
        : undefined,
    );
    const issues = ref<{ path: string; message: string }[]>([]);
    const validated = ref(false);
    // Validates as the reader types; a later run wins over an earlier one still loading.
    let run = 0;
    watch(
      [data, request, steps],
      async () => {
        const current = ++run;
        validated.value = false;
        // The request as it is sent: signed, so the validator sees the hash it requires.
        const signed = steps.value ? { ...request.value, hash: steps.value.hash } : request.value;
        const found = data.value ? await validate(data.value, signed) : [];
        if (current !== run) return;
        issues.value = found;
        validated.value = true;
      },
      { deep: true },
    );
    const body = computed(() => (data.value ? wireBody(data.value, request.value, steps.value?.hash) : ''));
    const sentHeaders = computed(() => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')));

    function chooseExample(index: number) {
      if (!data.value) return;
      exampleIndex.value = index;
      fields.value = exampleFields(data.value, data.value.examples[index]?.value ?? {});
      answer.value = undefined;
      inspection.value = undefined;
    }

    /** The transactions the answer (or the request's order) names, and the callbacks delivered for them. */
    async function inspect(until: 'settled' | 'once') {
      const found = answer.value?.body as Record<string, unknown> | undefined;
      const sent = request.value;
      const id = found?.['trans_id'] ?? sent['trans_id'] ?? found?.['payment_id'] ?? sent['payment_id'];
      const order =
        (sent['order_id'] as string | undefined) ??
        ((sent['order'] as Record<string, unknown> | undefined)?.['number'] as string | undefined);
      const query = id
        ? `trans_id=${encodeURIComponent(String(id))}`
        : order
          ? `order_id=${encodeURIComponent(order)}`
          : '';
      if (!query) return;
      for (let poll = 0; poll < (until === 'settled' ? CALLBACK_POLLS : 1); poll++) {
        let transactions = await getJson<Record<string, unknown>[]>(`${base.value}/_sandbox/transactions?${query}`);
        if (transactions.length === 0 && id)
          transactions = await getJson<Record<string, unknown>[]>(
            `${base.value}/_sandbox/transactions?payment_id=${encodeURIComponent(String(id))}`,
          );
        const callbacks = (
          await Promise.all(
            transactions.map((transaction) =>
              getJson<Record<string, unknown>[]>(
                `${base.value}/_sandbox/callbacks?trans_id=${encodeURIComponent(String(transaction['trans_id']))}`,
              ),
            ),
          )
        ).flat();
        inspection.value = { transactions, callbacks };
        if (callbacks.length > 0 && callbacks.every((callback) => callback['state'] !== 'pending')) return;
        await sleep(POLL_MS);
      }
    }

    async function send() {
      if (!data.value || !validated.value || issues.value.length > 0 || connection.value !== 'up') return;
      sending.value = true;
      answer.value = undefined;
      inspection.value = undefined;
      try {
        const response = await fetch(`${base.value}${data.value.path}`, {
          method: 'POST',
          headers: {
            'Content-Type': data.value.bodyStyle === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
            ...sentHeaders.value,
          },
          body: body.value,
        });
        const text = await response.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: shown as text.
        }
        answer.value = { status: response.status, body: parsed };
        if (typeof parsed === 'object' && parsed !== null)
          answers.value = [parsed as Record<string, unknown>, ...answers.value];
        lastSent.value = request.value;
        await inspect('settled');
      } catch {
        connection.value = 'down';
      } finally {
        sending.value = false;
      }
    }

    /** A follow-up: its page's data, with the transaction and the signing values of this one carried over. */
    async function followUp(address: string) {
      const found = (answer.value?.body ?? {}) as Record<string, unknown>;
      const sent = request.value;
      chain.value = { ...chain.value, ...sent };
      const carry: Record<string, string> = {};
      for (const name of ['trans_id', 'payment_id'])
        if (typeof found[name] === 'string') carry[name] = found[name] as string;
      for (const name of ['payer_email', 'card_number', 'order_id', 'order_amount', 'order_currency'])
        if (typeof sent[name] === 'string') carry[name] = sent[name] as string;
      if (typeof sent['order_amount'] === 'string') carry['amount'] = sent['order_amount'] as string;
      answer.value = undefined;
      inspection.value = undefined;
      await load(address, carry);
    }

    async function copy(kind: 'typescript' | 'curl') {
      if (!data.value || !merchant.value) return;
      const text =
        kind === 'typescript'
          ? typescriptCall({
              protocol: data.value.protocol,
              call: data.value.clientCall,
              input: clientInput(
                request.value,
                data.value.clientFilled,
                data.value.signingFields.length > 0 ? { ...signing } : undefined,
                data.value.headers.length > 0 ? sentHeaders.value : undefined,
              ),
              settings: { baseUrl: base.value, merchantKey: merchant.value.key, password: merchant.value.password },
            })
          : curlCall(data.value, base.value, body.value, sentHeaders.value);
      copied.value = text;
      // Shown whatever the clipboard allows (a page without clipboard permission still shows it).
      await navigator.clipboard?.writeText(text).catch(() => undefined);
    }

    const issueOf = (path: string) => issues.value.find((issue) => issue.path === path);
    const pre = (label: string, text: string, cls = '') =>
      h('div', { class: `try-it-block ${cls}` }, [
        h('p', { class: 'try-it-label' }, label),
        h('pre', { tabindex: 0 }, text),
      ]);

    function input(id: string, label: string, value: string, set: (value: string) => void, issue?: string): VNode {
      return h('div', { class: ['try-it-field', issue ? 'try-it-invalid' : ''] }, [
        h('label', { for: id }, label),
        h('input', {
          id,
          value,
          spellcheck: false,
          autocomplete: 'off',
          'aria-invalid': issue ? 'true' : undefined,
          'aria-describedby': issue ? `${id}-issue` : undefined,
          onInput: (event: Event) => set((event.target as HTMLInputElement).value),
        }),
        issue ? h('p', { id: `${id}-issue`, class: 'try-it-issue' }, issue) : null,
      ]);
    }

    function connectionView(): VNode {
      return h('div', { class: 'try-it-connection' }, [
        input('try-it-url', 'Sandbox URL', sandboxUrl.value, (value) => (sandboxUrl.value = value)),
        h('button', { type: 'button', class: 'try-it-button', onClick: connect }, 'Connect'),
        connection.value === 'idle'
          ? h('p', { role: 'status' }, 'Press Connect to send this request to a sandbox on your machine.')
          : null,
        connection.value === 'checking' ? h('p', { role: 'status' }, 'Looking for the sandbox…') : null,
        connection.value === 'down'
          ? h('div', { class: 'try-it-down', role: 'status' }, [
              h('p', `No sandbox answers at ${base.value}. Start one on your machine, then press Connect:`),
              h('pre', { tabindex: 0 }, data.value?.start ?? ''),
              h('p', ['See ', h('a', { href: withBase('/guide/testing') }, 'Testing'), ' for its options.']),
            ])
          : null,
        connection.value === 'up' && merchant.value
          ? h('p', { class: 'try-it-merchant' }, [
              'Sandbox merchant: key ',
              h('code', merchant.value.key),
              ', password ',
              h('code', merchant.value.password),
            ])
          : null,
      ]);
    }

    /** The callback's signature checked as a merchant's handler checks it. */
    function verdict(callback: Record<string, unknown>): string {
      if (!data.value || !merchant.value) return '';
      const verified = callbackVerified(
        data.value,
        { fields: {}, ...(callback as Partial<ShownCallback>) },
        { ...chain.value, ...lastSent.value, ...signing },
        answers.value,
        merchant.value.password,
      );
      return verified === undefined
        ? ''
        : verified === 'verified'
          ? ', hash verified'
          : verified === 'masked'
            ? `, hash not checked: the sandbox masks ${(callback['masked'] as string[]).join(', ')}`
            : ', hash does not verify';
    }

    /**
     * The way to the payer's page the answer announced: a form posting its `redirect_params`
     * when `redirect_method` is POST (a 3-D Secure challenge), a link otherwise.
     */
    function payerPage(redirect: string, found: Record<string, unknown>): VNode {
      const label = "Open the payer's page (3DS or checkout)";
      if (found['redirect_method'] !== 'POST')
        return h('a', { class: 'try-it-button', href: redirect, target: '_blank', rel: 'noopener' }, label);
      const params = found['redirect_params'];
      const fields = params && typeof params === 'object' ? Object.entries(params as Record<string, unknown>) : [];
      return h('form', { class: 'try-it-payer-form', method: 'post', action: redirect, target: '_blank' }, [
        ...fields.map(([name, value]) => h('input', { type: 'hidden', name, value: String(value) })),
        h('button', { type: 'submit', class: 'try-it-button' }, label),
      ]);
    }

    function answerView(): (VNode | null)[] {
      if (!answer.value) return [];
      const found = (answer.value.body ?? {}) as Record<string, unknown>;
      const outcome = String(found['status'] ?? found['result'] ?? '');
      const redirect = typeof found['redirect_url'] === 'string' ? (found['redirect_url'] as string) : undefined;
      const follow = (data.value?.followUps ?? []).filter((item) => !item.after || item.after.includes(outcome));
      return [
        h('h3', { class: 'try-it-heading' }, `Answer: HTTP ${answer.value.status}`),
        h('pre', { class: 'try-it-answer', tabindex: 0 }, JSON.stringify(answer.value.body, null, 2)),
        h('div', { class: 'try-it-actions' }, [
          redirect ? payerPage(redirect, found) : null,
          ...follow.map((item) =>
            h('button', { type: 'button', class: 'try-it-button', onClick: () => followUp(item.data) }, item.label),
          ),
          h('button', { type: 'button', class: 'try-it-button', onClick: () => inspect('once') }, 'Refresh state'),
        ]),
        ...(inspection.value
          ? [
              h('h3', { class: 'try-it-heading' }, 'Transaction'),
              inspection.value.transactions.length === 0
                ? h('p', 'No transaction yet (a Checkout payment starts when the payer pays on its page).')
                : null,
              ...inspection.value.transactions.map((transaction) =>
                h('div', { class: 'try-it-transaction' }, [
                  h('p', [
                    h('code', String(transaction['trans_id'])),
                    ' state ',
                    h('strong', { class: 'try-it-state' }, String(transaction['status'])),
                  ]),
                  h(
                    'ol',
                    { class: 'try-it-history', 'aria-label': 'History' },
                    ((transaction['history'] ?? []) as Record<string, unknown>[]).map((entry) =>
                      h('li', `${String(entry['status'])} by ${String(entry['by'])} at ${String(entry['at'])}`),
                    ),
                  ),
                ]),
              ),
              h('h3', { class: 'try-it-heading' }, `Callbacks (${inspection.value.callbacks.length})`),
              ...inspection.value.callbacks.map((callback) =>
                pre(
                  `${String(callback['kind'])} ${String(callback['id'])}: ${String(callback['state'])}${verdict(callback)}`,
                  JSON.stringify(callback['fields'], null, 2),
                  'try-it-callback',
                ),
              ),
            ]
          : []),
      ];
    }

    return () => {
      const loaded = data.value;
      const children: (VNode | null)[] = [
        h('p', { class: 'try-it-title' }, loaded ? `Try it: ${loaded.title}` : 'Try it'),
        connectionView(),
      ];
      if (loaded && connection.value === 'up') {
        if (loaded.callback)
          children.push(h('p', `Sends ${loaded.title} and shows the ${loaded.callback} the sandbox delivers for it.`));
        if (loaded.examples.length > 1)
          children.push(
            h('div', { class: 'try-it-field' }, [
              h('label', { for: 'try-it-example' }, 'Example'),
              h(
                'select',
                {
                  id: 'try-it-example',
                  value: exampleIndex.value,
                  onChange: (event: Event) => chooseExample(Number((event.target as HTMLSelectElement).value)),
                },
                loaded.examples.map((example, index) => h('option', { value: index }, example.name)),
              ),
            ]),
          );
        children.push(
          h('fieldset', { class: 'try-it-fields' }, [
            h('legend', 'Request fields (wire names)'),
            ...fields.value.map((field, index) =>
              input(
                `try-it-f${index}`,
                field.path,
                field.value,
                (value) => (field.value = value),
                issueOf(field.path)?.message,
              ),
            ),
          ]),
        );
        if (loaded.signingFields.length > 0 || loaded.headers.length > 0)
          children.push(
            h('fieldset', { class: 'try-it-fields' }, [
              h('legend', 'Signing values of the original payment (hashed, never sent) and headers'),
              ...loaded.signingFields.map((name) =>
                input(`try-it-s-${name}`, name, signing[name] ?? '', (value) => (signing[name] = value)),
              ),
              ...loaded.headers.map((name) =>
                input(`try-it-h-${name}`, name, headers[name] ?? '', (value) => (headers[name] = value)),
              ),
            ]),
          );
        children.push(
          issues.value.length > 0
            ? h('div', { class: 'try-it-issues', role: 'alert' }, [
                h('p', 'Not sent: the client package refuses this request.'),
                h(
                  'ul',
                  issues.value.map((issue) => h('li', [h('code', issue.path), `: ${issue.message}`])),
                ),
              ])
            : null,
        );
        if (steps.value) {
          children.push(
            pre(
              'Signature',
              [
                `Recipe: ${steps.value.recipe}`,
                `String to sign: ${steps.value.input}`,
                ...steps.value.digests.map((digest) => `${digest.name}: ${digest.hex}`),
                `hash: ${steps.value.hash}`,
              ].join('\n'),
              'try-it-signature',
            ),
          );
        }
        children.push(pre(`Wire body: POST ${base.value}${loaded.path}`, body.value, 'try-it-body'));
        children.push(
          h('div', { class: 'try-it-actions' }, [
            h(
              'button',
              {
                type: 'button',
                class: 'try-it-button try-it-send',
                disabled: sending.value || !validated.value || issues.value.length > 0,
                onClick: send,
              },
              sending.value ? 'Sending…' : 'Send to the sandbox',
            ),
            h(
              'button',
              { type: 'button', class: 'try-it-button', onClick: () => copy('typescript') },
              'Copy as TypeScript',
            ),
            h('button', { type: 'button', class: 'try-it-button', onClick: () => copy('curl') }, 'Copy as curl'),
          ]),
        );
        if (copied.value) children.push(pre('Copied', copied.value, 'try-it-copied'));
        children.push(...answerView());
      }
      return h('section', { class: 'try-it', 'aria-label': 'Try it against your sandbox' }, children);
    };
  },
});
