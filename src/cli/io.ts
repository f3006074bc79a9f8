import os from 'node:os';
import { DomainError } from '../platform/errors.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Raw text to standard output, no newline added (CSV exports; tests). Absent: process.stdout, with backpressure. */
  write?(text: string): void;
}

/** A usage error found by a handler (a malformed value): exit 2 by default. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'CliError';
  }
}

/** Stacks are for debugging: shown only at LOG_LEVEL=debug (or trace). */
export function debugging(env: NodeJS.ProcessEnv = process.env): boolean {
  return ['debug', 'trace'].includes((env.LOG_LEVEL ?? '').toLowerCase());
}

/** One clear line per failure (ConfigError lists each problem); the stack only when debugging. */
export function errorLine(error: unknown): string {
  if (error instanceof DomainError) return error.messages.map((m) => `${m.code} ${m.description}`).join('; ');
  const problems = (error as { problems?: unknown }).problems;
  if (error instanceof Error && error.name === 'ConfigError' && Array.isArray(problems)) return `invalid configuration: ${problems.join('; ')}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function reportError(io: CliIo, name: string, error: unknown): void {
  io.err(`${name}: ${errorLine(error)}`);
  if (debugging() && error instanceof Error && !(error instanceof CliError)) io.err(error.stack ?? '');
}

export function printJsonOrLines(io: CliIo, json: boolean, value: unknown, lines: () => string[]): void {
  if (json) io.out(JSON.stringify(value, null, 2));
  else for (const line of lines()) io.out(line);
}

/** The operating-system user running the command, or null when it has no passwd entry (containers). */
export function osUserName(): string | null {
  try {
    return os.userInfo().username || null;
  } catch {
    return null;
  }
}

/** Common option: machine-readable output. */
export const JSON_OPTION = { json: { type: 'boolean', description: 'print JSON instead of text lines' } } as const;
