// Named prepared statements keep their row description per connection (issue 14): the second
// execution sends no Describe and still parses its rows. This leans on node-postgres's Query and
// Result internals (Query.prepare, handleRowDescription, Result's _parsers and
// _prebuiltEmptyResultObject): these tests fail loudly when a node-postgres upgrade changes them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/db.js';
import { prepareStatementsOf } from './prepared.js';

let database: TestDatabase;
before(async () => {
  database = await createTestDatabase();
});
after(async () => {
  await database.drop();
});

/** A client with named statements whose Describe messages (actually sent) are counted. */
async function countingClient(pipeline: boolean): Promise<{ client: pg.Client; describes: () => number }> {
  const client = new pg.Client({ connectionString: database.url, pipeline } as pg.ClientConfig);
  await client.connect();
  const connection = (client as unknown as { connection: { describe: (m: unknown) => void } }).connection;
  const describe = connection.describe.bind(connection);
  let count = 0;
  connection.describe = (message) => {
    count += 1;
    describe(message);
  };
  prepareStatementsOf(client);
  return { client, describes: () => count };
}

test('node-postgres still has the internals the description cache uses', () => {
  const query = pg.Query.prototype as unknown as Record<string, unknown>;
  for (const method of ['prepare', 'handleRowDescription', 'handleCommandComplete', 'hasBeenParsed']) assert.equal(typeof query[method], 'function', method);
  const result = new (pg as unknown as { Result: new () => Record<string, unknown> & { addFields(f: unknown[]): void } }).Result();
  result.addFields([{ name: 'n', dataTypeID: 23, format: 'text' }]);
  assert.ok(Array.isArray(result._parsers), '_parsers');
  assert.deepEqual(result._prebuiltEmptyResultObject, { n: null });
});

for (const pipeline of [true, false]) {
  test(`a named statement describes its rows once per connection and parses them every time (pipeline ${pipeline})`, async () => {
    const { client, describes } = await countingClient(pipeline);
    try {
      const text = `select $1::int as n, $2::numeric as amount, timestamptz '2026-11-28T01:00:00Z' + make_interval(days => $1::int) as at, null::text as nothing /* ${pipeline} */`;
      const runs = await Promise.all([1, 2].map((n) => client.query(text, [n, `${n}.50`])));
      const later = await client.query(text, [3, '3.50']);
      const again = await client.query(text, [4, '4.50']);
      assert.deepEqual(
        [...runs, later, again].map((r) => r.rows),
        [1, 2, 3, 4].map((n) => [{ n, amount: `${n}.50`, at: new Date(Date.UTC(2026, 10, 28 + n, 1)), nothing: null }]),
      );
      assert.deepEqual(
        again.fields.map((f) => f.name),
        ['n', 'amount', 'at', 'nothing'],
      );
      // Pipelined, the two sent together both described (neither was answered yet); the next two did not.
      assert.equal(describes(), pipeline ? 2 : 1);
    } finally {
      await client.end();
    }
  });
}

test('a statement without rows is described once too; a plan whose result changed is described again', async () => {
  const { client, describes } = await countingClient(true);
  try {
    await client.query('create table described_rows (id integer primary key)');
    const insert = 'insert into described_rows (id) values ($1)';
    for (const id of [1, 2, 3]) assert.equal((await client.query(insert, [id])).rowCount, 1);
    assert.equal(describes(), 1);
    const select = 'select * from described_rows where id = $1';
    assert.deepEqual((await client.query(select, [1])).rows, [{ id: 1 }]);
    assert.deepEqual((await client.query(select, [2])).rows, [{ id: 2 }]);
    assert.equal(describes(), 2);
    await client.query("alter table described_rows add column note text not null default 'x'");
    await assert.rejects(client.query(select, [1]), /cached plan must not change result type/);
    assert.deepEqual((await client.query(select, [1])).rows, [{ id: 1, note: 'x' }]);
    assert.deepEqual((await client.query(select, [3])).rows, [{ id: 3, note: 'x' }]);
    // The refused execution reused the old description (PostgreSQL refused it before any row); its new name described.
    assert.equal(describes(), 3);
  } finally {
    await client.end();
  }
});
