// @payment-gateway/conformance: the spec as an executable contract. runPlatformSuite checks a
// platform (the sandbox, a staging environment) against the spec; runMerchantSuite checks a
// merchant's callback endpoint against what the platform sends.
export { runPlatformSuite, platformScenarioCounts, type PlatformSuiteOptions } from './platform/suite.js';
export { startCallbackListener, type CallbackListener } from './platform/listener.js';
export { runMerchantSuite, type MerchantSuiteOptions } from './merchant/suite.js';
export {
  renderReport,
  passed,
  summary,
  FAMILIES,
  type Family,
  type Outcome,
  type Report,
  type ReportFormat,
  type ScenarioResult,
  type Exchange,
} from './report.js';
export type { ProgressListener } from './runner.js';
