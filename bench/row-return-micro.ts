// What a write statement's answer costs (issue 14): the boleto insert (row + links, one fixed text)
// sending back every column (`returning *`, as before) or only what the database fills (numero),
// in committed transactions of one statement each, through the server's pool (pipelined driver,
// kept row descriptions), old and new interleaved. Prints node CPU µs (process.cpuUsage) and the
// PostgreSQL cluster's CPU µs (/proc) per transaction, median of the rounds.
// `npx tsx bench/row-return-micro.ts` (MICRO_N transactions per round, MICRO_ROUNDS rounds; on a loaded
// machine many short rounds, e.g. MICRO_N=200 MICRO_ROUNDS=40, and the paired differences). No lock
// needed: its own embedded cluster under .caas-bench, one connection at a time.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import { adminExecute, withDatabase } from '../src/platform/db/admin.js';
import { openEmbedded } from '../src/platform/db/embedded.js';
import { migrate } from '../src/platform/db/migrate.js';
import { createDb } from '../src/platform/db/pool.js';
import { pixCodeFor } from '../src/modules/receivables/collections/boleto-issue.js';
import { dec } from '../src/platform/money.js';
import { sandboxSettings } from '../src/modules/receivables/settings.js';
import { insertPartner, openSampleSchedule } from '../test/support/receivables-data.js';
import { requireSchedule } from '../src/modules/receivables/schedule/schedule-repository.js';
import { clusterCpuMs, postmasterOf } from './probes.js';
import { BOLETO_INSERT } from '../src/modules/receivables/collections/collection-repository.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const N = Number(process.env.MICRO_N ?? 1000);
const ROUNDS = Number(process.env.MICRO_ROUNDS ?? 5);
// The boleto insert as the server sends it (returning numero), and the same returning every column.
const narrow = BOLETO_INSERT;
const COLUMNS = narrow.columns;
const wide = narrow.text.replace('returning "numero"', 'returning *').replace('select "numero" from "row"', 'select * from "row"');
if (wide === narrow.text) throw new Error('the statement text changed: update this micro-benchmark');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const embedded = await openEmbedded(path.join(ROOT, '.caas-bench'), 'server');
  const name = `caas_micro_${Date.now()}`;
  await adminExecute(embedded.url, [`create database ${name}`]);
  const url = withDatabase(embedded.url, name);
  await migrate(url);
  const db = createDb(url, { maxConnections: 1 });
  const postmaster = await postmasterOf(url);
  if (postmaster === null) throw new Error('no postmaster in /proc');
  try {
    const now = new Date();
    const partnerId = await insertPartner(db, now);
    const opening = await openSampleSchedule(db, partnerId, now);
    const schedule = await requireSchedule(db, partnerId, { proposalId: opening.proposalId });
    const pix = await pixCodeFor(sandboxSettings(), dec('350'));
    let sequence = 1;
    const parameters = () => {
      sequence += 1;
      const row: Record<string, unknown> = { id: randomUUID(), partner_id: partnerId, schedule_id: schedule.id, charge_id: null, purpose: 'installments', settlement: true, description: 'Parcela', notify_customer: false, due_date: '2027-01-10', expires_on: '2027-02-10', document_amount: '350.00', discount: '0.00', amount: '350.00', permite_descapitalizacao: true, bank_code: '341', nosso_numero_seq: sequence, nosso_numero: String(sequence).padStart(8, '0'), barcode: '3419'.padEnd(44, '0'), linha_digitavel: '3419'.padEnd(47, '0'), pix_txid: randomUUID().replace(/-/g, '').slice(0, 25), pix_emv: pix.emv, pix_image: pix.image, print_token: randomBytes(24).toString('hex'), registration_mode: 1, registration_status: 1, created_at: now, registered_at: now, cancel_requested_at: null, cancelled_at: null, paid_on: null, amount_paid: null };
      return [...COLUMNS.map((c) => row[c]), [], [], [], []];
    };
    const run = async (text: string, amount: number) => {
      const [cpu, pg] = [process.cpuUsage(), clusterCpuMs(postmaster)];
      for (let i = 0; i < amount; i += 1) await db.transaction().execute((tx) => tx.executeQuery(CompiledQuery.raw(text, parameters())));
      const used = process.cpuUsage(cpu);
      return { node: (used.user + used.system) / amount, pg: ((clusterCpuMs(postmaster) - pg) * 1000) / amount };
    };
    await run(wide, N / 2);
    await run(narrow.text, N / 2);
    const figures = { 'returning *': [] as Array<{ node: number; pg: number }>, 'returning numero': [] as Array<{ node: number; pg: number }> };
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: Array<keyof typeof figures> = round % 2 === 0 ? ['returning *', 'returning numero'] : ['returning numero', 'returning *'];
      for (const kind of order) figures[kind].push(await run(kind === 'returning *' ? wide : narrow.text, N));
    }
    // Paired: each round's new minus old, so the load's drift between rounds cancels out.
    const differences = figures['returning numero'].map((x, i) => ({ node: x.node - figures['returning *'][i]!.node, pg: x.pg - figures['returning *'][i]!.pg }));
    console.log(`new - old per round (median): node ${median(differences.map((d) => d.node)).toFixed(0)} µs, PostgreSQL ${median(differences.map((d) => d.pg)).toFixed(0)} µs; node lower in ${differences.filter((d) => d.node < 0).length} of ${differences.length}, PostgreSQL in ${differences.filter((d) => d.pg < 0).length}`);
    for (const [kind, xs] of Object.entries(figures)) {
      console.log(`${kind.padEnd(17)} node ${median(xs.map((x) => x.node)).toFixed(0).padStart(5)} µs (rounds ${xs.map((x) => x.node.toFixed(0)).join(' ')}), PostgreSQL ${median(xs.map((x) => x.pg)).toFixed(0).padStart(5)} µs (rounds ${xs.map((x) => x.pg.toFixed(0)).join(' ')}) per transaction`);
    }
  } finally {
    await db.destroy();
    await adminExecute(embedded.url, [`drop database if exists ${name} with (force)`]);
    await embedded.stop();
  }
}

await main();
