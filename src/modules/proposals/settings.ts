// Configuration of proposals: the operator's IOF caps (CAAS_IOF_CAP_PF_PERCENT,
// CAAS_IOF_CAP_PJ_PERCENT). Parsed once at start-up (the module descriptor declares
// parseProposalsEnv; src/config.ts collects it); a bad value is reported with the others and stops the service.
import type { Env } from '../../platform/config/env-readers.js';
import { type Decimal, dec } from '../../platform/money.js';
// Type-only: start-up (and `caas --help`, which loads the config module) need not load the pricing maths.
import type { IofCaps } from './pricing/index.js';
import { IOF_CAP_PERCENT_MAX, IOF_CAP_PERCENT_DECIMALS_MAX } from './limits.js';


export interface ProposalsSettings {
  /** null per person type = the dated default ceiling (docs/pricing.md, "IOF cap"). */
  readonly iofCaps: IofCaps;
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    proposals: ProposalsSettings;
  }
}

const PERCENT_RE = /^\d{1,3}(\.\d+)?$/;

function capPercent(env: Env, name: string, problems: string[]): Decimal | null {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return null;
  const value = PERCENT_RE.test(text) ? dec(text) : null;
  if (value === null || !value.greaterThan(0) || value.greaterThan(IOF_CAP_PERCENT_MAX) || value.decimalPlaces() > IOF_CAP_PERCENT_DECIMALS_MAX) {
    problems.push(`${name} must be a percentage of the financed amount above 0 and at most ${IOF_CAP_PERCENT_MAX}, with at most ${IOF_CAP_PERCENT_DECIMALS_MAX} decimals and a point (e.g. 3 or 2.993), got "${text}"`);
    return null;
  }
  return value;
}

export function parseProposalsEnv(env: Env, problems: string[]): ProposalsSettings {
  return {
    iofCaps: {
      // null = the dated default (pricing/iof.ts DEFAULT_IOF_CAPS).
      PF: capPercent(env, 'CAAS_IOF_CAP_PF_PERCENT', problems),
      PJ: capPercent(env, 'CAAS_IOF_CAP_PJ_PERCENT', problems),
    },
  };
}
