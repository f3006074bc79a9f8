// The read model's list of scopes already bumped in this transaction (migrations 0047, 0057): the
// setting caas.answer_scopes, which the row triggers' WHEN clauses test. One text for the three
// statements that list entries themselves (the schedule's lock, lockedScheduleId, a row with links).

const SCOPES = `coalesce(current_setting('caas.answer_scopes', true), '')`;
/** Migration 0047's cap on the list's length, in characters (its row functions stop listing past it). */
const LIST_CAP_CHARS = 2400;

/**
 * A SQL expression appending `entries` (SQL expressions, each cast to text and followed by a space)
 * to the list, when the list is under its cap and `condition` (SQL, optional) holds; null otherwise.
 * The cap is tested before appending, so the list may end one entry past it.
 */
export function answerScopesListing(entries: readonly string[], condition?: string): string {
  const appended = entries.map((entry) => `${entry}::text || ' '`).join(' || ');
  const when = condition === undefined ? '' : `${condition} and `;
  return `case when ${when}length(${SCOPES}) < ${LIST_CAP_CHARS}
      then set_config('caas.answer_scopes', ${SCOPES} || ${appended}, true) end`;
}

/** SQL: whether `key` (a SQL expression of text) is in the list. */
export function answerScopesHold(key: string): string {
  return `strpos(${SCOPES}, ${key}) > 0`;
}
