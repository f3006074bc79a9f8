// Volume for the scale check of issue 14: clones one disbursed proposal (its history, plan,
// schedule, installments, charges, boletos and launches) until the database holds the asked number
// of installments (1 M by default), with INSERT … SELECT over generate_series: each table is
// copied in a few statements, in seconds, all inside PostgreSQL. Never commit the seeded data.
//
//   DATABASE_URL=… node --import tsx bench/seed-1m.ts <proposal id> [installments]
//
// `npm run bench:scale -- seed` (bench/scale.ts) calls seedVolume itself, up to BENCH_SEED_INSTALLMENTS.
// Clones keep the template's values except what must differ: ids (uuid columns named id or *_id,
// partner_id aside, mapped by md5(old id || copy number), so references between the clones hold),
// serial columns (fresh from their sequences), and the other unique columns listed below.
import pg from 'pg';

/** Copies made per statement: bounded, so no statement runs for minutes. */
const COPIES_PER_STATEMENT = 2_000;

/** Unique columns that are not ids: how a clone gets its own value (`g` is the copy number). */
const UNIQUE_OVERRIDES: Record<string, string> = {
  print_token: `md5(print_token || '/' || g)`,
  pix_txid: `left(md5(pix_txid || '/' || g), 25)`,
  nosso_numero: `nosso_numero || '-' || g`,
  codigo_operacao: 'null',
};

interface Column {
  name: string;
  type: string;
  serial: boolean;
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await client.query<{ column_name: string; data_type: string; column_default: string | null; is_generated: string; identity: string }>(
    `select column_name, data_type, column_default, is_generated, is_identity as identity from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows
    .filter((r) => r.is_generated !== 'ALWAYS')
    .map((r) => ({ name: r.column_name, type: r.data_type, serial: r.identity === 'YES' || (r.column_default ?? '').startsWith('nextval(') }));
}

function cloneExpression(column: Column): string | null {
  if (column.serial) return null;
  if (column.name in UNIQUE_OVERRIDES) return UNIQUE_OVERRIDES[column.name] as string;
  if (column.type === 'uuid' && column.name !== 'partner_id' && (column.name === 'id' || column.name.endsWith('_id'))) return `md5(${column.name}::text || '/' || g)::uuid`;
  return column.name;
}

/** Template rows of each table, in foreign-key order ($1: the proposal's or the schedule's id). */
const TABLES: ReadonlyArray<{ table: string; by: 'proposal' | 'schedule'; where: string }> = [
  { table: 'proposals', by: 'proposal', where: 'id = $1' },
  { table: 'proposal_history', by: 'proposal', where: 'proposal_id = $1' },
  { table: 'proposal_installments', by: 'proposal', where: 'proposal_id = $1' },
  { table: 'receivable_schedules', by: 'schedule', where: 'id = $1' },
  { table: 'receivable_installments', by: 'schedule', where: 'schedule_id = $1' },
  { table: 'receivable_charges', by: 'schedule', where: 'schedule_id = $1' },
  { table: 'receivable_charge_installments', by: 'schedule', where: 'charge_id in (select id from receivable_charges where schedule_id = $1)' },
  { table: 'receivable_boletos', by: 'schedule', where: 'schedule_id = $1' },
  { table: 'receivable_boleto_installments', by: 'schedule', where: 'boleto_id in (select id from receivable_boletos where schedule_id = $1)' },
  { table: 'receivable_launches', by: 'schedule', where: 'schedule_id = $1' },
];

/** The links whose key to their row no foreign key checks (migration 0058): the seed checks them itself. */
const LINKS_TO_ROWS = [
  { links: 'receivable_boleto_installments', key: 'boleto_id', rows: 'receivable_boletos' },
  { links: 'receivable_charge_installments', key: 'charge_id', rows: 'receivable_charges' },
] as const;

/**
 * Throws when a link inserted by the open transaction has no boleto or charge row (a clone whose
 * key was mapped differently from its row's id): the caller rolls the batch back. One scan of
 * each link table per batch (xmin: the rows this transaction wrote).
 */
export async function assertNoOrphanLinks(client: pg.Client): Promise<void> {
  for (const l of LINKS_TO_ROWS) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${l.links} l where l.xmin = pg_current_xact_id()::xid and not exists (select 1 from ${l.rows} r where r.id = l.${l.key})`,
    );
    const orphans = rows[0]?.n ?? 0;
    if (orphans > 0) throw new Error(`seed: ${orphans} ${l.links} rows cloned without their ${l.rows} row (no foreign key checks ${l.key} since migration 0058); batch rolled back`);
  }
}

export interface SeedSummary {
  copies: number;
  installments: number;
  seconds: number;
}

/** Clones the proposal `proposalId` until about `installments` installments exist; then ANALYZE. */
export async function seedVolume(url: string, proposalId: string, installments: number, log: (line: string) => void = () => undefined): Promise<SeedSummary> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schedule = await client.query<{ id: string; n: number }>(`select s.id, (select count(*)::int from receivable_installments i where i.schedule_id = s.id) as n from receivable_schedules s where s.proposal_id = $1`, [proposalId]);
    const template = schedule.rows[0];
    if (!template || template.n === 0) throw new Error(`seed: proposal ${proposalId} has no schedule with installments to clone`);
    const existing = (await client.query<{ n: number }>('select count(*)::int as n from receivable_installments')).rows[0]?.n ?? 0;
    const copies = Math.max(0, Math.ceil((installments - existing) / template.n));
    const tables = await Promise.all(TABLES.map(async (t) => ({ ...t, columns: await columnsOf(client, t.table) })));
    for (let from = 1; from <= copies; from += COPIES_PER_STATEMENT) {
      const to = Math.min(copies, from + COPIES_PER_STATEMENT - 1);
      await client.query('begin');
      try {
        for (const t of tables) {
          const kept = t.columns.map((c) => ({ c, e: cloneExpression(c) })).filter((x): x is { c: Column; e: string } => x.e !== null);
          await client.query(
            `insert into ${t.table} (${kept.map((x) => x.c.name).join(', ')}) select ${kept.map((x) => x.e).join(', ')} from ${t.table}, generate_series(${from}::int, ${to}::int) as g where ${t.where}`,
            [t.by === 'proposal' ? proposalId : template.id],
          );
        }
        await assertNoOrphanLinks(client);
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
      await client.query('commit');
      log(`seed: ${to}/${copies} copies (${((to * template.n) / 1000).toFixed(0)}k installments)`);
    }
    await client.query('analyze');
    return { copies, installments: existing + copies * template.n, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [proposalId, count] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!proposalId || !url) {
    console.error('usage: DATABASE_URL=… node --import tsx bench/seed-1m.ts <proposal id> [installments]');
    process.exit(2);
  }
  const summary = await seedVolume(url, proposalId, Number(count ?? 1_000_000), (l) => console.log(l));
  console.log(`seed: ${summary.installments} installments after ${summary.copies} copies in ${summary.seconds.toFixed(0)} s`);
}
