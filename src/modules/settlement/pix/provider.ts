// One API Pix client per configured provider and process (its access token is shared by the
// webhook, the retry job and the charge registration), on the wall clock: token lifetimes are the
// provider's real time, never the sandbox clock. The provider's actor name in the history.
import { systemClock } from '../../../platform/clock.js';
import type { PixProviderSettings } from '../settings.js';
import { PixApiClient } from './api-client.js';

const clients = new WeakMap<PixProviderSettings, PixApiClient>();

export function pixClientFor(settings: PixProviderSettings): PixApiClient {
  let client = clients.get(settings);
  if (client === undefined) {
    client = new PixApiClient(settings, systemClock);
    clients.set(settings, client);
  }
  return client;
}

/** 'psp:<host of CAAS_PIX_PSP_URL>': the actor of every settlement the provider reports. */
export function pixActorId(settings: PixProviderSettings): string {
  return `psp:${new URL(settings.url).host}`;
}
