// Public entry point of the generated client package.
export * from './s2s.js';
export * from './checkout.js';
export * from './validators.js';
export * from './methods.js';
export * from './callbacks.js';
export { createCallbackHandler } from './callback-handler.js';
export type { GatewayCallbackHandlerOptions } from './callback-handler.js';
export { confirm } from './confirm.js';
export type { ConfirmClients, ConfirmedCallback, ConfirmedStatus } from './confirm.js';
export { CallbackRequestError } from './runtime/callback-handler.js';
export type {
  CallbackAnswer,
  CallbackHandler,
  CallbackHandlerOptions,
  NodeCallbackRequest,
  NodeCallbackResponse,
} from './runtime/callback-handler.js';
export type {
  CallbackDefinition,
  CallbackEvent,
  CallbackProtocol,
  ParseCallbackOptions,
  SigningContextValues,
} from './runtime/callbacks.js';
export type * from './types.js';
export type { paths, components, webhooks } from './schema.js';
export {
  GatewayError,
  RequestValidationError,
  PlatformError,
  TransportError,
  SignatureError,
  ConfigurationError,
} from './runtime/errors.js';
export type { ErrorCase, GatewayErrorKind, PlatformErrorEntry, TransportFailure } from './runtime/errors.js';
export type { CardScenario, TestCard, TestData, TestIdentifier, TransitionRule } from './spec-behaviour.js';
export { encodeForm, decodeForm, flattenForm, FormCodecError } from './runtime/form-codec.js';
export type { FormObject, FormValue } from './runtime/form-codec.js';
export { createTransport, buildRequest, requestValidator } from './runtime/pipeline.js';
export type {
  CallOptions,
  ClientOptions,
  FetchClient,
  GatewayCall,
  LogEvent,
  OperationDefinition,
  Transport,
  Validator,
} from './runtime/pipeline.js';
export { createRedactor, maskPan, redact, scrubText } from './runtime/sensitive.js';
export type { Redactor, Sensitivity, SensitiveFields } from './runtime/sensitive.js';
export { SENSITIVE_FIELDS } from './sensitive-fields.js';
export { luhn } from './runtime/luhn.js';
export type { Reconciliation } from './runtime/reconcile.js';
export { computeSignature, recipeVariant, signaturesMatch } from './runtime/signature.js';
export { recipeFormula } from './runtime/signature-formula.js';
export type { SignatureAlgorithm, SignatureRecipe } from './runtime/signature.js';
export type { ValidationIssue, ValidationResult, WirePathStyle } from './runtime/validation.js';
export { SPEC_VERSION, PACKAGE_VERSION, GENERATOR_VERSION } from './version.js';
export { INTERFACE_HEADERS } from './runtime/interface-notice.js';
export type { InterfaceNotice, InterfaceNoticeOption } from './runtime/interface-notice.js';
