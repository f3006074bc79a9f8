// A boleto's or charge's row and its installment links in ONE statement of fixed text (issue 14):
// the links are inserted from arrays (unnest) by a data-modifying CTE, so the text does not depend
// on how many installments are covered. It is built once per process, so kysely does not rebuild
// and recompile the 31-column insert on every call, and it is prepared once per connection. Each
// link's key to the row is the very parameter the row's id is bound to, in the same statement (no
// array of its own): that is what keeps links and row together, without a foreign key checked per
// link (migration 0058); if the row is not inserted, the statement fails and no link is either.
import { CompiledQuery } from 'kysely';
import { arraysOf, assertColumnsExactly, quotedNames, unnestArrays } from '../../../platform/db/fixed-text.js';
import type { Executor } from '../../../platform/db/pool.js';
import { answerScopesHold, answerScopesListing } from '../schedule/answer-scopes.js';

export interface RowWithLinksStatement<R, L> {
  text: string;
  columns: ReadonlyArray<keyof R & string>;
  linkColumns: ReadonlyArray<readonly [keyof L & string, string]>;
  /** The row's money columns: each bound as its 2-place text (or null), the form numeric reads back as. */
  money: ReadonlyArray<keyof R & string>;
}

/**
 * The read model (migrations 0047, 0057): when the row's schedule is listed in caas.answer_scopes
 * (its scope already bumped in this transaction), the row's own id is listed too before its links
 * are inserted, as the row's trigger function did, so the links' triggers skip it (their WHEN).
 * `id` and `schedule`: the row's parameters (answer-scopes.ts: the cap is tested before
 * appending, so the list may end one entry past it). The subquery is
 * evaluated once per statement, not once per link: row-with-links.test.ts checks the row is
 * listed once for 12 links.
 */
function listedRow(id: string, schedule: string): string {
  return `(select ${answerScopesListing([`${id}::uuid`], answerScopesHold(`${schedule}::uuid::text`))}) "listed"`;
}

/**
 * `columns`: every column the callers insert, in the row literal's order, `id` and `schedule_id`
 * among them; `linkColumns`: each with its PostgreSQL type, the first the link's key to the row
 * (the row's `id` parameter, no array of its own); `generated`: the table's columns the database
 * fills (a serial), the only ones sent back: the rest of the row is what was bound (issue 14:
 * `returning *` sent back and parsed a boleto's 32 columns, its ~0.9 kB QR image among them, that
 * no caller reads from the answer); `money`: the row's numeric columns (asserted 2-place text at
 * each insert, so the value bound is the value stored and handed back).
 */
export function rowWithLinksStatement<R, L>(table: string, columns: ReadonlyArray<keyof R & string>, linksTable: string, linkColumns: ReadonlyArray<readonly [keyof L & string, string]>, generated: readonly string[] = [], money: ReadonlyArray<keyof R & string> = []): RowWithLinksStatement<R, L> {
  const values = columns.map((_, i) => `$${i + 1}`).join(', ');
  const parameter = (column: string) => {
    const at = (columns as readonly string[]).indexOf(column);
    if (at < 0) throw new Error(`assertion: the row has no ${column}`);
    return `$${at + 1}`;
  };
  money.forEach(parameter);
  const listed = listedRow(parameter('id'), parameter('schedule_id'));
  const [key, ...carried] = linkColumns.map(([name]) => name);
  if (key === undefined) throw new Error('assertion: the links have no key column');
  if (carried.length === 0) throw new Error('assertion: the links carry no column but their key (unnest() needs an array)');
  const picked = [`${parameter('id')}::uuid`, ...carried.map((name) => `"link"."${name}"`)].join(', ');
  const links = `insert into "${linksTable}" (${quotedNames([key, ...carried])}) select ${picked} from ${unnestArrays(linkColumns.slice(1), columns.length + 1)} "link"(${quotedNames(carried)}), ${listed}`;
  const returned = generated.length > 0 ? generated : ['id'];
  const text = `with "row" as (insert into "${table}" (${quotedNames(columns)}) values (${values}) returning ${quotedNames(returned)}), "links" as (${links}) select ${quotedNames(returned)} from "row"`;
  return { text, columns, linkColumns, money };
}

/** A money column as bound and as numeric reads it back: digits, a point, two places (a sign: the constraints refuse it, not this). */
const MONEY_TEXT = /^-?\d+\.\d{2}$/;

/**
 * The row as stored: the bound values with the database-filled columns the statement returns (the
 * values are those the row reads back as: dates as text, numeric as its 2-place text, Date for
 * timestamptz; collection-repository.test.ts compares with the stored row).
 */
export async function insertRowWithLinks<R extends object, L extends object, Row>(db: Executor, statement: RowWithLinksStatement<R, L>, row: R, links: readonly L[]): Promise<Row> {
  assertColumnsExactly(row, statement.columns, 'the row');
  const record = row as Record<string, unknown>;
  const notMoney = statement.money.find((column) => record[column] !== null && (typeof record[column] !== 'string' || !MONEY_TEXT.test(record[column])));
  if (notMoney !== undefined) throw new Error(`assertion: the row's ${notMoney} is not 2-place money text (it would not read back as bound)`);
  const [key, ...carried] = statement.linkColumns;
  if (links.some((link) => (link as Record<string, unknown>)[key![0]] !== record.id)) throw new Error(`assertion: a link's ${key![0]} is not the row's id`);
  const parameters = [...statement.columns.map((column) => record[column]), ...arraysOf(links, carried)];
  const { rows } = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(statement.text, parameters));
  if (rows.length !== 1) throw new Error('assertion: an insert returned no row');
  return { ...record, ...rows[0] } as Row;
}
