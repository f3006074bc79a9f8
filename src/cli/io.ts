import os from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Raw text to standard output, no newline added (CSV exports); absent: process.stdout. */
  write?(text: string): void;
}

export class CliError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'CliError';
  }
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** node:util parseArgs with errors turned into CliError (exit 2, clear message). */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
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
