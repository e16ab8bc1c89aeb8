// payment-gateway-sandbox [--port 8080] [--host 127.0.0.1] [--merchant KEY:PASSWORD[,setting=value...] ...]
//                         [--callback-url URL] [--accept-any-signature] [--cors-origin ORIGIN ...]
//                         [--protocol-mapping SETTING,SETTING=VALUE+VALUE,...]
//                         [--callback-faults duplicate,reorder,late,retry,tamper-body,...]
// payment-gateway-sandbox trigger <event> --to URL [--password P]
import { parseArgs } from 'node:util';
import {
  CALLBACK_FAULTS,
  MERCHANT_SETTINGS,
  parseCallbackFaults,
  parseMerchant,
  parseProtocolMapping,
  startSandbox,
  trigger,
  TRIGGER_EVENTS,
  type CallbackFault,
  type ProtocolMapping,
} from './index.js';

const USAGE = `Usage:
  payment-gateway-sandbox [--port 8080] [--host 127.0.0.1] [--merchant KEY:PASSWORD[,setting=value...] ...] [--callback-url URL] [--accept-any-signature]
                          [--cors-origin https://docs.example ...]   (pages on http://127.0.0.1:* and http://localhost:* are always allowed)
                          [--protocol-mapping checkoutPaymentMethod,payerAttributes,returnParameters=payment_method+brand,...]
                          [--callback-faults FAULT,...]   (played on every callback, for testing your endpoint)
  payment-gateway-sandbox trigger <event> --to URL [--password P]
Merchant settings (the operator's, per merchant; the first value is the default):
${Object.values(MERCHANT_SETTINGS)
  .map((setting) => `  ${setting.option}=${setting.values.join('|')}`)
  .join('\n')}
Callback faults:
${Object.entries(CALLBACK_FAULTS)
  .map(([name, rule]) => `  ${name.padEnd(16)}sends ${rule.sends}; the endpoint must ${rule.must} it`)
  .join('\n')}
Events: ${Object.keys(TRIGGER_EVENTS).join(', ')}`;

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'trigger') {
    const { values, positionals } = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      options: { to: { type: 'string' }, password: { type: 'string' } },
    });
    const event = positionals[0];
    if (!event || !values.to) throw new UsageError('trigger needs an event and --to URL');
    const result = await trigger(event, values.to, values.password ?? 'sandbox-password');
    process.stdout.write(
      `${JSON.stringify({ event: result.event, url: result.url, status: result.status, answer: result.answer, signingContext: result.signingContext })}\n`,
    );
    if (result.status < 200 || result.status > 299) process.exitCode = 1;
    return;
  }
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      merchant: { type: 'string', multiple: true },
      'callback-url': { type: 'string' },
      'accept-any-signature': { type: 'boolean' },
      'cors-origin': { type: 'string', multiple: true },
      'protocol-mapping': { type: 'string' },
      'callback-faults': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const merchants = (values.merchant ?? []).map((text) => {
    try {
      return parseMerchant(text);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  });
  let protocolMapping: ProtocolMapping | undefined;
  try {
    if (values['protocol-mapping'] !== undefined) protocolMapping = parseProtocolMapping(values['protocol-mapping']);
  } catch (error) {
    throw new UsageError(`--protocol-mapping: ${(error as Error).message}`);
  }
  let callbackFaults: CallbackFault[] = [];
  try {
    if (values['callback-faults'] !== undefined) callbackFaults = parseCallbackFaults(values['callback-faults']);
  } catch (error) {
    throw new UsageError(`--callback-faults: ${(error as Error).message}`);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number');
  const running = await startSandbox({
    port,
    ...(values.host ? { host: values.host } : {}),
    merchants,
    ...(values['callback-url'] ? { callbackUrl: values['callback-url'] } : {}),
    acceptAnySignature: values['accept-any-signature'] === true,
    corsOrigins: values['cors-origin'] ?? [],
    ...(protocolMapping ? { protocolMapping } : {}),
    ...(callbackFaults.length ? { callbackFaults } : {}),
  });
  process.stdout.write(`${JSON.stringify({ url: running.url, merchants: running.merchants })}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof UsageError ? `${error.message}\n${USAGE}` : (error as Error).message}\n`);
  process.exit(2);
});
