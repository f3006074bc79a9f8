export { CaasClient } from './client.js';
export { CaasError, CaasNetworkError, messagesOf } from './errors.js';
export { OPERATIONS } from './operations.js';
export { DEFAULT_RETRY_POLICY } from './retry.js';
export { CALLBACK_EVENT_KINDS, CALLBACK_SUB_OBJECTS, CALLBACK_TOLERANCE_MS, CallbackVerificationError, callbackProblem, parseCallback, readCallback, verifyCallback } from './callbacks.js';
