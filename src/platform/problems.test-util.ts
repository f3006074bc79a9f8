// Test helper: the messages a Problems collection holds, read through its public contract.
import type { Message, Problems } from './errors.js';

export function problemsOf(problems: Problems): Message[] {
  return problems.messages();
}

/** The JSON paths of the problems, in order. */
export function fieldsOf(problems: Problems): (string | null)[] {
  return problemsOf(problems).map((m) => m.field);
}
