// The service's configuration: platform's settings and every module's, each parsed by the parser
// its descriptor declares (src/descriptors.ts), validated once at start-up with every problem
// reported at once. The CLI, `caas serve` and the tests load it from here.
import { MODULES } from './descriptors.js';
import { loadConfigOf, type Config, type SettingsSource } from './platform/config/env.js';

export { ConfigError, type Config } from './platform/config/env.js';

/** Every module's settings parser, from the descriptors. */
export const SETTINGS_SOURCES: readonly SettingsSource[] = MODULES.flatMap((m) => (m.settings ? [m.settings] : []));

export function loadConfig(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Config {
  return loadConfigOf(SETTINGS_SOURCES, env, cwd);
}
