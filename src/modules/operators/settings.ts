// Settings of operators and the console, parsed once at start-up (the module descriptor declares
// parseOperatorsEnv, src/config.ts collects it; a bad value is reported with the others and stops the service):
//   CAAS_CONSOLE_TOTP_ADMINS=true   admins must log in with a TOTP code (enrolled on first login)
//   CAAS_FOUR_EYES=payees,disbursements   actions of these kinds wait for a second operator
import type { Env } from '../../platform/config/env-readers.js';

export const FOUR_EYES_KINDS = ['payees', 'disbursements'] as const;
export type FourEyesKind = (typeof FOUR_EYES_KINDS)[number];

export interface OperatorsSettings {
  /** CAAS_CONSOLE_TOTP_ADMINS: admins need a second factor (default false). */
  readonly totpRequiredForAdmins: boolean;
  /** CAAS_FOUR_EYES: kinds of console actions a second operator must confirm (default none). */
  readonly fourEyes: readonly FourEyesKind[];
}

declare module '../../platform/config/env.js' {
  interface ModuleSettings {
    operators: OperatorsSettings;
  }
}

export const DEFAULT_OPERATORS_SETTINGS: OperatorsSettings = { totpRequiredForAdmins: false, fourEyes: [] };

function parseFlag(env: Env, name: string, problems: string[]): boolean {
  const text = env[name]?.trim() ?? '';
  if (text === '') return false;
  if (/^(1|true|yes|on)$/i.test(text)) return true;
  if (/^(0|false|no|off)$/i.test(text)) return false;
  problems.push(`${name} must be true or false, got "${text}"`);
  return false;
}

function parseFourEyes(env: Env, problems: string[]): FourEyesKind[] {
  const words = (env.CAAS_FOUR_EYES ?? '').split(',').map((w) => w.trim().toLowerCase()).filter((w) => w !== '');
  const kinds: FourEyesKind[] = [];
  for (const word of words) {
    if ((FOUR_EYES_KINDS as readonly string[]).includes(word)) kinds.push(word as FourEyesKind);
    else problems.push(`CAAS_FOUR_EYES lists "${word}": the kinds are ${FOUR_EYES_KINDS.join(', ')} (comma-separated)`);
  }
  return [...new Set(kinds)];
}

export function parseOperatorsEnv(env: Env, problems: string[]): OperatorsSettings {
  return { totpRequiredForAdmins: parseFlag(env, 'CAAS_CONSOLE_TOTP_ADMINS', problems), fourEyes: parseFourEyes(env, problems) };
}
