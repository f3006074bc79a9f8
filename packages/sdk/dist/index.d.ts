export { CaasClient, type CaasClientOptions } from './client.js';
export { CaasError, CaasNetworkError, messagesOf, type CaasMessage } from './errors.js';
export { OPERATIONS, type CallOptions, type OperationMethods, type OperationName, type RequestOf, type ResultOf } from './operations.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export { CALLBACK_EVENT_KINDS, CALLBACK_SUB_OBJECTS, CALLBACK_TOLERANCE_MS, CallbackVerificationError, callbackProblem, parseCallback, readCallback, verifyCallback, type CallbackBody, type CallbackEvent, type CallbackEventKind, type CallbackHeaders, type CallbackVerifyFailure, type VerifyCallbackInput } from './callbacks.js';
export type { components, operations, paths } from './generated/openapi.js';
