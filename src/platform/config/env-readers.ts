// Small readers of environment variables that collect problems instead of throwing, so start-up
// reports every bad setting at once (src/platform/config/env.ts and the modules' own settings).
export type Env = Readonly<Record<string, string | undefined>>;

/** A whole number in [min, max]; absent or empty → fallback; anything else → a problem. */
export function envInteger(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max}, got "${text}"`);
    return fallback;
  }
  return value;
}

/** true/false (also 1/0, yes/no, on/off, any case); absent or empty → fallback; anything else → a problem. */
export function envBoolean(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  problems.push(`${name} must be true or false, got "${raw}"`);
  return fallback;
}
