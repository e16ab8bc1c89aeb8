// `conformance platform …` and `conformance merchant …`: progress on stderr as each scenario
// ends, the report on stdout; the exit code is 1 when a scenario failed, 2 on a usage error.
import { parseArgs } from 'node:util';
import {
  passed,
  renderReport,
  runMerchantSuite,
  runPlatformSuite,
  type ProgressListener,
  type Report,
  type ReportFormat,
} from './index.js';

const USAGE = `Usage:
  conformance platform --base-url URL [--checkout-url URL] --merchant KEY:PASSWORD [--callback-listen HOST:PORT] [--only TAGS] [--report md|json|junit]
  conformance merchant --callback-url URL --merchant KEY:PASSWORD [--state-url URL] [--payer-email EMAIL] [--report md|json|junit]`;

const MARK = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' } as const;
const progress: ProgressListener = (result, done, total) => {
  process.stderr.write(
    `[${String(done).padStart(String(total).length)}/${total}] ${MARK[result.outcome]} ${result.title}${result.outcome === 'pass' ? '' : `: ${result.detail ?? ''}`}\n`,
  );
};

function merchant(value: string | undefined): { key: string; password: string } {
  const at = value?.indexOf(':') ?? -1;
  if (!value || at < 1) throw new Error('--merchant takes KEY:PASSWORD');
  return { key: value.slice(0, at), password: value.slice(at + 1) };
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: [...rest],
    options: {
      'base-url': { type: 'string' },
      'checkout-url': { type: 'string' },
      merchant: { type: 'string' },
      'callback-listen': { type: 'string' },
      'callback-url': { type: 'string' },
      'state-url': { type: 'string' },
      'payer-email': { type: 'string' },
      only: { type: 'string' },
      report: { type: 'string', default: 'md' },
    },
  });
  const format = values.report as ReportFormat;
  if (!['md', 'json', 'junit'].includes(format)) throw new Error('--report is md, json or junit');
  const { key, password } = merchant(values.merchant);
  let report: Report;
  if (command === 'platform') {
    if (!values['base-url']) throw new Error('platform needs --base-url');
    report = await runPlatformSuite({
      baseUrl: values['base-url'],
      checkoutUrl: values['checkout-url'] ?? values['base-url'],
      merchantKey: key,
      password,
      ...(values['callback-listen'] ? { callbackListen: values['callback-listen'] } : {}),
      ...(values.only ? { only: values.only.split(',').map((tag) => tag.trim()) } : {}),
      onProgress: progress,
    });
  } else if (command === 'merchant') {
    if (!values['callback-url']) throw new Error('merchant needs --callback-url');
    report = await runMerchantSuite({
      callbackUrl: values['callback-url'],
      password,
      ...(values['state-url'] ? { stateUrl: values['state-url'] } : {}),
      ...(values['payer-email'] ? { payerEmail: values['payer-email'] } : {}),
      onProgress: progress,
    });
  } else {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  process.stdout.write(renderReport(report, format));
  return passed(report) ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
  },
);
