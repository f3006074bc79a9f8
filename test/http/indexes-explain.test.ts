// Issue 14, scale: every statement the operations send must reach its rows through an index, so
// a table of a million installments costs what a table of fifty does. The operations run over HTTP
// on a small database; each statement they sent (reads and writes) is then EXPLAINed with its
// values, and again as the generic plan a named prepared statement switches to after five runs
// (PREPARE under plan_cache_mode = force_generic_plan, then EXPLAIN EXECUTE: EXPLAIN's own
// GENERIC_PLAN option exists only from PostgreSQL 16, and CI runs Debian's 15 too), with sequential scans, hash and merge joins disabled; the statements of
// the triggers on those tables are EXPLAINed too, against stand-ins for their transition tables.
// A plan that still reads a large table whole (no index can serve it) fails, naming it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../src/platform/db/pool.js';
import { observeStatements } from '../../src/platform/db/prepared.js';
import { PgReplayStore } from '../../src/modules/auth/postgres-stores.js';
import { credentialsVersionOfClient } from '../../src/modules/partners/index.js';
import { brazilDateAt } from '../../src/platform/dates.js';
import { createOk, personDto } from './proposals-fixture.js';
import { call, ok, openFor, singleBoleto, startWorld, type World } from './receivables-fixture.js';

/** Tables that stay small whatever the volume (configuration, one row per partner or key). */
const SMALL_TABLES = new Set(['partners', 'partner_keys', 'service_signing_keys', 'signing_keys', 'schema_migrations', 'sandbox_clock', 'partner_callback_secrets']);

interface Sent {
  text: string;
  values: readonly unknown[];
}

let world: World;
before(async () => {
  world = await startWorld();
  const { rows } = await sql<{ index: string; table: string }>`select indexrelname as index, relname as table from pg_stat_user_indexes`.execute(world.service.database.db);
  tableOfIndex = new Map(rows.map((r) => [r.index, r.table]));
});
after(() => world.service.close());

/** Three jtis at once through a store keeping one statement in flight: the last two go in one statement (group commit). */
async function jtisTogether(): Promise<void> {
  const store = new PgReplayStore(world.service.database.db, credentialsVersionOfClient, { limits: { rowsMax: 64, statementsMax: 1 } });
  const expiresAt = new Date('2030-01-01T00:00:00.000Z');
  await Promise.all([undefined, 1, 1].map((version) => store.remember(world.partner.clientId, `explain-${randomUUID()}`, expiresAt, version)));
}

/** Runs `work` and returns the statements it sent that read or write table rows. */
async function statementsOf(work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const stop = observeStatements((text, values) => sent.push({ text, values }));
  try {
    await work();
  } finally {
    stop();
  }
  return sent.filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s.text) && !/pg_advisory_xact_lock|nextval\(/.test(s.text));
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * How the planner sees these tiny tables as if they held a million rows: no sequential scan where
 * an index can serve, and joins as nested loops (a hash or merge join over a whole table is the
 * cheapest plan for fifty rows; at a million the same statement loops over an index, measured on
 * the bureau cache's purge).
 */
const PLANNER_AT_SCALE = ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin'];
const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);
/** The table an index belongs to (a Bitmap Index Scan names only its index). */
let tableOfIndex = new Map<string, string>();

/**
 * The large tables a plan reads whole: a sequential scan, or an index walked without a condition
 * (with sequential scans disabled PostgreSQL prefers that to a sequential scan, at the same cost),
 * unless a Limit above it stops the walk early (the first rows in an index's order).
 */
function seqScans(node: PlanNode, limited = false, skip: ReadonlySet<string> = new Set()): string[] {
  const type = node['Node Type'];
  const table = node['Relation Name'] ?? tableOfIndex.get(node['Index Name'] ?? '');
  const whole = type === 'Seq Scan' || (INDEX_SCANS.has(type) && node['Index Cond'] === undefined && !limited);
  const own = whole && table && !SMALL_TABLES.has(table) && !skip.has(table) ? [`${table}${type === 'Seq Scan' ? '' : ` (${type} without a condition)`}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap((p) => seqScans(p, limited || type === 'Limit', skip))];
}

let explained = 0;
/**
 * The generic plan of `text` (the plan a named prepared statement switches to after five runs):
 * PREPAREd under plan_cache_mode = force_generic_plan and EXPLAIN EXECUTEd with nulls, as a generic
 * plan does not depend on the values. Works on PostgreSQL 15, whose EXPLAIN has no GENERIC_PLAN.
 * Each statement gets its own name: PREPARE is not undone by a rollback, so a statement whose EXPLAIN
 * failed inside a transaction stays prepared on that connection, harmlessly. (Never `deallocate all`:
 * node-postgres remembers the statements it prepared on the connection.)
 */
async function genericPlan(conn: Executor, text: string): Promise<PlanNode> {
  const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const name = `caas_explain_${(explained += 1)}`;
  await sql.raw('set plan_cache_mode = force_generic_plan').execute(conn);
  await sql.raw(`prepare ${name} as ${text}`).execute(conn);
  const { rows } = await sql.raw<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (format json) execute ${name}(${Array(parameters).fill('null').join(', ')})`).execute(conn);
  await sql.raw(`deallocate ${name}`).execute(conn);
  await sql.raw('reset plan_cache_mode').execute(conn);
  return rows[0]!['QUERY PLAN'][0]!.Plan;
}

async function assertIndexed(operation: string, sent: Sent[]): Promise<void> {
  assert.ok(sent.length > 0, `${operation}: no statement seen`);
  const db = world.service.database.db;
  const problems: string[] = [];
  await db.connection().execute(async (conn) => {
    for (const setting of PLANNER_AT_SCALE) await sql.raw(`set ${setting} = off`).execute(conn);
    const plan = async (explain: string, values: readonly unknown[]) => {
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(CompiledQuery.raw(explain, [...values]));
      return seqScans(rows[0]!['QUERY PLAN'][0]!.Plan);
    };
    try {
      for (const s of sent) {
        const custom = await plan(`explain (format json) ${s.text}`, s.values);
        const generic = s.values.length > 0 ? seqScans(await genericPlan(conn, s.text)) : [];
        const scans = [...new Set([...custom, ...generic.map((t) => `${t} (generic plan)`)])];
        if (scans.length > 0) problems.push(`${scans.join(', ')} scanned by: ${s.text.replace(/\s+/g, ' ').slice(0, 240)}`);
      }
    } finally {
      for (const setting of [...PLANNER_AT_SCALE, 'plan_cache_mode']) await sql.raw(`reset ${setting}`).execute(conn);
    }
  });
  assert.deepEqual(problems, [], `${operation}: statements without an index`);
}

interface TriggerRow {
  trigger: string;
  table: string;
  source: string;
  old_table: string | null;
  new_table: string | null;
}

/**
 * The SQL statements of a plpgsql trigger body: the query of each FOR … IN … LOOP, and each
 * SELECT/INSERT/UPDATE/DELETE/WITH standing as a statement. A field of the row (`r.x`, `old.x`,
 * `new.x`), or a variable in a VALUES list, becomes a parameter, so the statement is EXPLAINed as the generic plan plpgsql keeps.
 */
function statementsOfBody(source: string): string[] {
  const body = source.slice(source.search(/\bbegin\b/i) + 'begin'.length);
  const loops = [...body.matchAll(/\bfor\s+\w+\s+in\s+([\s\S]*?)\s+loop\b/gi)].map((m) => m[1]!);
  const standing = [...body.matchAll(/(?:^|;|\bthen\b|\bloop\b|\belse\b)\s*((?:insert|update|delete|select|with)\b[^;]*);/gi)].map((m) => m[1]!);
  return [...loops, ...standing].map((statement) => {
    const fields = new Map<string, number>();
    const parameter = (name: string) => `$${fields.get(name.toLowerCase()) ?? fields.set(name.toLowerCase(), fields.size + 1).get(name.toLowerCase())}`;
    // A VALUES list of the function's variables (`values (s, 1)`) takes parameters as well.
    return statement
      .replace(/\b(?:r|old|new)\.\w+\b/gi, parameter)
      .replace(/\bvalues\s*\(([^)]*)\)/gi, (_, list: string) => `values (${list.split(',').map((item) => (/^\s*[a-z_]\w*\s*$/i.test(item) ? parameter(item.trim()) : item)).join(',')})`);
  });
}

/**
 * EXPLAINs the statements of every trigger on a large table, with temporary tables standing in for
 * its transition tables (as small as the real ones: the rows one statement changed).
 */
async function triggerProblems(): Promise<{ problems: string[]; checked: number; unchecked: string[] }> {
  const db = world.service.database.db;
  const { rows } = await sql<TriggerRow>`
    select t.tgname as trigger, c.relname as table, p.prosrc as source, t.tgoldtable as old_table, t.tgnewtable as new_table
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid join pg_language l on l.oid = p.prolang
    where not t.tgisinternal and l.lanname = 'plpgsql' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  const problems: string[] = [];
  const unchecked: string[] = [];
  let checked = 0;
  await db.connection().execute(async (conn) => {
    for (const setting of PLANNER_AT_SCALE) await sql.raw(`set ${setting} = off`).execute(conn);
    try {
      for (const t of rows.filter((r) => !SMALL_TABLES.has(r.table))) {
        const transition = [t.old_table, t.new_table].filter((n): n is string => n !== null);
        await sql`begin`.execute(conn);
        try {
          for (const name of transition) await sql.raw(`create temporary table ${name} (like ${t.table}) on commit drop`).execute(conn);
          for (const statement of statementsOfBody(t.source)) {
            // A statement naming the function's own variables (the upsert's `values (s, 1)`)
            // cannot be EXPLAINed outside it: listed, not failed.
            await sql`savepoint explained`.execute(conn);
            try {
              const plan = /\$\d/.test(statement)
                ? await genericPlan(conn, statement)
                : (await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>`explain (format json) ${sql.raw(statement)}`.execute(conn)).rows[0]!['QUERY PLAN'][0]!.Plan;
              await sql`release savepoint explained`.execute(conn);
              const scans = seqScans(plan, false, new Set(transition));
              checked += 1;
              if (scans.length > 0) problems.push(`${scans.join(', ')} scanned by trigger ${t.trigger} on ${t.table}: ${statement.replace(/\s+/g, ' ').slice(0, 200)}`);
            } catch (error) {
              await sql`rollback to savepoint explained`.execute(conn);
              unchecked.push(`${t.trigger}: ${statement.replace(/\s+/g, ' ').slice(0, 80)} (${(error as Error).message})`);
            }
          }
        } finally {
          await sql`rollback`.execute(conn);
        }
      }
    } finally {
      for (const setting of [...PLANNER_AT_SCALE, 'plan_cache_mode']) await sql.raw(`reset ${setting}`).execute(conn);
    }
  });
  return { problems, checked, unchecked };
}

describe('every operation reaches its rows through indexes (EXPLAIN, sequential scans disabled)', () => {
  test('token, proposal creation, Proposta/Consultar, the bureau queries', async () => {
    const bureau = { documento: '52998224725', codigoProduto: '1', consultaCompleta: true };
    {
      await assertIndexed('token', await statementsOf(() => world.service.token(world.partner)));
      const together = await statementsOf(jtisTogether);
      assert.ok(together.some((s) => s.text.includes('unnest(')), 'the jtis recorded together were EXPLAINed');
      await assertIndexed('token (jtis recorded together)', together);
      let numero = 0;
      await assertIndexed('IncluirManualSimplificado', await statementsOf(async () => (numero = (await createOk(world.service, world.token, personDto())).numero)));
      await assertIndexed('Consultar', await statementsOf(() => ok(world, '/Proposta/Consultar', { dto: { numeroProposta: numero } })));
      await assertIndexed('Consultar (unknown id)', await statementsOf(async () => assert.equal((await call(world, '/Proposta/Consultar', { dto: { codigoProposta: randomUUID() } })).status, 400)));
      await assertIndexed('ConsultarBureau', await statementsOf(() => ok(world, '/Bureau/ConsultarBureau', { consulta: bureau })));
      await assertIndexed('ConsultarSCR', await statementsOf(() => ok(world, '/Bureau/ConsultarSCR', { consulta: { documento: '39053344705', dataBaseMes: '8', dataBaseAno: '2026', dtAceiteCliente: '2026-11-01T00:00:00Z' } })));
    }
    const noop = await statementsOf(async () => assert.equal((await call(world, '/Proposta/Consultar', { dto: { numeroProposta: 'x' } })).status, 400));
    assert.deepEqual(noop, [], 'a body refused by its schema sends no statement');
  });

  test('receivables: boletos, charges, launches, cancellation and the queries', async () => {
    const s = await openFor(world);
    const ref = { codigoProposta: s.proposalId };
    const today = brazilDateAt(world.service.clock.now());
    {
      await assertIndexed('GerarUnicoBoleto', await statementsOf(() => ok(world, '/AgendaRecebivel/GerarUnicoBoleto', singleBoleto(s.proposalId, [1]))));
      let code = '';
      await assertIndexed('GerarUnicaCobranca', await statementsOf(async () => {
        const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { ...ref, nroParcelas: [2] }, dtoGerarUnicaLiquidacao: { dtVencimento: '2026-12-23', liquidacao: true, descricaoLiquidacao: 'Cobrança' } });
        code = (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
      }));
      await assertIndexed('CancelarCobrancas', await statementsOf(() => ok(world, '/FGTS/CancelarCobrancas', { dto: ref, dtoCancelarCobrancas: { codigosLiquidacoes: [code] } })));
      await assertIndexed('IncluirLancamentoMultiplasParcelas', await statementsOf(() => ok(world, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: ref, dtoLancamentoParcelas: [{ nroParcela: 3, dtPagamento: today, vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'x' }] })));
      await assertIndexed('ConsultarParcelas', await statementsOf(() => ok(world, '/AgendaRecebivel/ConsultarParcelas', { dto: { ...ref, nroParcelas: [1, 2, 3] }, dtoConsultaParcelas: { dtCalculo: today, permiteDescapitalizacao: true } })));
      await assertIndexed('ConsultarDetalhes', await statementsOf(() => ok(world, '/AgendaRecebivel/ConsultarDetalhes', { dto: { ...ref, nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } })));
      await assertIndexed('ConsultarBoletos', await statementsOf(() => ok(world, '/AgendaRecebivel/ConsultarBoletos', { dto: ref, dtoConsultaBoletos: {} })));
    }
  });

  test('the statements of the triggers on those tables (the read model\'s version bumps)', async (t) => {
    const { problems, checked, unchecked } = await triggerProblems();
    assert.ok(checked >= 8, `only ${checked} trigger statements EXPLAINed`);
    t.diagnostic(`${checked} trigger statements EXPLAINed`);
    for (const u of unchecked) t.diagnostic(`not EXPLAINed: ${u}`);
    assert.deepEqual(problems, [], 'trigger statements without an index');
  });
});
