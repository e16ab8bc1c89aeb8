import { runPlatformSuite, renderReport } from '../../generated/conformance/src/index.js';
import { startTarget } from './support.js';
const t = await startTarget();
const r = await runPlatformSuite({ baseUrl: t.baseUrl, merchantKey: t.merchantKey, password: t.password, callbackListen: t.listener, callbackWaitMs: 3000 });
console.log(renderReport(r, 'md')); console.error(r.results.filter((x) => x.ms > 150).map((x) => x.ms + ' ' + x.title.slice(0, 90)).join('\n'));
await t.close();
