// Password hashing: argon2id (RFC 9106) from @node-rs/argon2 (prebuilt binaries shipped in
// registry packages, no install script), with the OWASP parameters of limits.ts. The hash is a PHC
// string carrying its own parameters, so raising them later still verifies the old hashes.
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_MEMORY_KIB, ARGON2_PARALLELISM, ARGON2_TIME_COST, PASSWORD_LENGTH_MAX, PASSWORD_LENGTH_MIN } from './limits.js';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum the isolated-module build cannot read)

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: ARGON2_MEMORY_KIB, timeCost: ARGON2_TIME_COST, parallelism: ARGON2_PARALLELISM });
}

/** A hash of a random password, verified against when the account is unknown (same time spent). */
let decoy: Promise<string> | null = null;

/** True when `password` matches `stored`; an absent hash still costs one verification. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (password.length > PASSWORD_LENGTH_MAX) return false;
  decoy ??= hashPassword('decoy password that matches nothing');
  const target = stored ?? (await decoy);
  try {
    const ok = await verify(target, password);
    return ok && stored !== null;
  } catch {
    return false;
  }
}

/** Why a new password is refused (pt-BR, for the page), or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_LENGTH_MIN) return `A senha precisa de pelo menos ${PASSWORD_LENGTH_MIN} caracteres.`;
  if (length > PASSWORD_LENGTH_MAX) return `A senha pode ter no máximo ${PASSWORD_LENGTH_MAX} caracteres.`;
  if (password.trim() === '') return 'A senha não pode ser só espaços.';
  return null;
}
