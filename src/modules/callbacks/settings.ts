// Settings of callback delivery, parsed once at start-up (its descriptor declares the parser; the
// composition root collects it with the others and every problem is reported at once):
//   CAAS_CALLBACKS_ALLOW_PRIVATE    deliver to addresses in private ranges (default false)
//   CAAS_CALLBACKS_ALLOW_LOOPBACK   deliver to loopback addresses (default true)
//   CAAS_CALLBACKS_TIMEOUT_MS       one delivery attempt, connect to answer (default 10 s)
import { envBoolean, envInteger, type Env } from '../../platform/config/env-readers.js';
import { CALLBACK_TIMEOUT_MS, CALLBACK_TIMEOUT_MS_MAX, CALLBACK_TIMEOUT_MS_MIN } from './limits.js';

export interface CallbacksSettings {
  readonly allowPrivate: boolean;
  readonly allowLoopback: boolean;
  readonly timeoutMs: number;
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    callbacks: CallbacksSettings;
  }
}

export function parseCallbacksEnv(env: Env, problems: string[]): CallbacksSettings {
  return {
    allowPrivate: envBoolean(env, 'CAAS_CALLBACKS_ALLOW_PRIVATE', false, problems),
    allowLoopback: envBoolean(env, 'CAAS_CALLBACKS_ALLOW_LOOPBACK', true, problems),
    timeoutMs: envInteger(env, 'CAAS_CALLBACKS_TIMEOUT_MS', CALLBACK_TIMEOUT_MS, CALLBACK_TIMEOUT_MS_MIN, CALLBACK_TIMEOUT_MS_MAX, problems),
  };
}
