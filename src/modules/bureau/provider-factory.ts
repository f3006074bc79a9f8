// Builds the configured provider once per process (the HTTP adapter's circuit breaker is state
// that must live as long as the process, not per request).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../platform/clock.js';
import { HttpBureauProvider } from './providers/http-adapter.js';
import type { BureauProvider } from './providers/port.js';
import { SandboxBureauProvider } from './providers/sandbox.js';
import type { BureauSettings } from './settings.js';

export function createBureauProvider(settings: BureauSettings, clock: Clock): BureauProvider {
  if (settings.provider === 'http') {
    if (settings.http === null) throw new Error('assertion: BUREAU_PROVIDER=http without a validated HTTP configuration');
    return new HttpBureauProvider(settings.http, { clock, sleep: (delay_ms) => sleep(delay_ms) });
  }
  return new SandboxBureauProvider({ clock, ...(settings.requesterCnpj === null ? {} : { requesterCnpj: settings.requesterCnpj }) });
}
