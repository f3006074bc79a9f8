// Test helper: the messages a Problems collection holds, read through its public contract.
import { DomainError, type Message, type Problems } from './errors.js';

export function problemsOf(problems: Problems): Message[] {
  try {
    problems.throwIfAny();
  } catch (error) {
    if (error instanceof DomainError) return error.messages;
    throw error;
  }
  return [];
}

/** The JSON paths of the problems, in order. */
export function fieldsOf(problems: Problems): (string | null)[] {
  return problemsOf(problems).map((m) => m.field);
}
