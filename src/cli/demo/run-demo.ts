// `caas demo` (`npm run demo`): the whole partner flow against a real server, printed step by step
// with what to look at. It onboards a demo partner (keys and callback secret kept under
// <data dir>/demo/), then: token → create → approve → disburse → boleto → pay → details →
// callbacks received by a local receiver on 127.0.0.1. The data stays behind for the console
// (`caas proposal list`, `caas boleto list`, `caas export …`).
import fs from 'node:fs';
import path from 'node:path';
import { createPartner, generatePartnerKeyPair } from '../../modules/partners/index.js';
import { proposalOperatorCommands } from '../../modules/proposals/index.js';
import { commandDeps, proposalDeps, receivablesDeps } from '../../bindings.js';
import { paymentCommands } from '../../modules/receivables/index.js';
import { runDefined, type CommandDefinition } from '../../platform/commands.js';
import type { Config } from '../../platform/config/env.js';
import { addDays, brazilDateAt } from '../../platform/dates.js';
import { withCliContext } from '../context.js';
import type { CliIo } from '../io.js';
import { callOperation, fetchToken, type DemoPartner } from './partner-calls.js';
import { startDemoReceiver, type DemoReceiver } from './receiver.js';
import { isReady, startOwnServer, type DemoServer } from './server.js';

export interface DemoOptions {
  /** A running server; none: this configuration's PUBLIC_URL if it answers, else one started here. */
  url: string | undefined;
  /** Where keys and the PDF go; default <data dir>/demo. */
  outDir: string | undefined;
  callbackTimeoutMs: number;
}

/** Event types the flow produces: 0 schedule created, 5 boleto created, 3 installment launch. */
const EXPECTED_EVENTS = [0, 5, 3];
const DEMO_CPF = '123.456.789-09';
const OPERATOR = 'operador:demo';

function printer(io: CliIo) {
  let n = 0;
  return (title: string, lines: string[] = []) => {
    n += 1;
    io.out(`\n${n}. ${title}`);
    for (const line of lines) io.out(`   ${line}`);
  };
}

async function connect(options: DemoOptions, io: CliIo): Promise<DemoServer> {
  const configured = options.url ?? (await withCliContext(async ({ config }) => config.publicUrl));
  const url = configured.replace(/\/+$/, '');
  if (await isReady(url)) return { url, startedHere: false, stop: async () => undefined };
  if (options.url !== undefined) throw new Error(`no caas answers at ${url}/health/ready`);
  io.out(`No server answers at ${url}: starting one (caas serve on 127.0.0.1, same database)…`);
  return startOwnServer();
}

async function onboard(receiver: DemoReceiver, dir: string): Promise<DemoPartner & { callbackSecret: string; name: string }> {
  const keys = await generatePartnerKeyPair();
  const name = `Demo partner ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
  const created = await withCliContext(({ db, clock }) => createPartner(db, clock, { name, publicKeyPem: keys.publicKeyPem, callbackUrl: receiver.url, canRefuse: true }));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, 'private.pem'), keys.privateKeyPem, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'public.pem'), keys.publicKeyPem);
  fs.writeFileSync(path.join(dir, 'partner.json'), `${JSON.stringify({ clientId: created.clientId, callbackSecret: created.callbackSecret }, null, 2)}\n`, { mode: 0o600 });
  return { clientId: created.clientId, privateKeyPem: keys.privateKeyPem, callbackSecret: created.callbackSecret, name };
}

async function flow(server: DemoServer, options: DemoOptions, io: CliIo, dir: string, receiver: DemoReceiver, secret: { value: string | null }): Promise<void> {
  const step = printer(io);
  const partner = await onboard(receiver, dir);
  secret.value = partner.callbackSecret;
  step('Onboard a demo partner (what `caas keygen` + `caas partner create` do)', [`client id: ${partner.clientId}`, `keys and callback secret: ${dir}`, `callbacks to: ${receiver.url}`]);

  const { token, expiresIn, audience } = await fetchToken(server.url, partner);
  step('Token: POST /connect/token with a client assertion signed RS256', [`aud: ${audience}`, `access token valid ${expiresIn} s`]);

  const today = await withCliContext(async ({ clock }) => brazilDateAt(clock.now()));
  const firstDue = addDays(today, 30);
  const created = await callOperation(server.url, token, '/Proposta/IncluirManualSimplificado', {
    dto: {
      documentoCliente: DEMO_CPF,
      codigoOperacao: `DEMO-${Date.now()}`,
      vlrSolicitado: 10000,
      prazo: 12,
      percJurosNegociado: 2,
      dtPrimeiroVencto: firstDue,
      propostaContaPagamentoDTO: { codigoBanco: 341, tipoConta: 1, agencia: '0001', conta: '123456', contaDig: '7', numeroBanco: '341', documentoFederalPagamento: DEMO_CPF, nomePagamento: 'Maria da Silva' },
    },
    parametros: null,
  });
  const numero = created.numero as number;
  step('Create: POST /Proposta/IncluirManualSimplificado (R$ 10,000.00, 12 months at 2% a month)', [`numero ${numero}, codigo ${String(created.codigo)}`, `installment R$ ${String(created.vlrParcela)}, CET ${String(created.percCETAnual)} % a year`]);

  const command = { proposalNumber: numero, at: null, reason: null, by: OPERATOR };
  const operator = { kind: 'operator' as const, id: OPERATOR, source: 'demo' };
  const asOperator = <I, R>(define: (config: Config) => CommandDefinition<I, R>, input: I) => withCliContext(async ({ db, clock, config }) => (await runDefined(commandDeps(db, clock, config), define(config), input, operator)).result);
  const approved = await asOperator((config) => proposalOperatorCommands(proposalDeps(config)).approve, command);
  step(`Approve (the analyst: caas proposal approve ${numero})`, [`now ${approved.status} ${approved.statusDescription}`]);
  const disbursed = await asOperator((config) => proposalOperatorCommands(proposalDeps(config)).disburse, { ...command, reason: 'demo TED' });
  step(`Disburse (the service team: caas proposal disburse ${numero})`, [`now ${disbursed.status} ${disbursed.statusDescription}: the receivables schedule is open`]);

  const generated = await callOperation(server.url, token, '/AgendaRecebivel/GerarUnicoBoleto', {
    dto: { numeroProposta: numero, nroParcelas: [1] },
    dtoGerarUnicoBoleto: { dtVencimento: firstDue, liquidacao: true, descricaoBoleto: 'Parcela 1 (demo)', tipoRegistro: 1 },
  });
  const boleto = (generated.boletos as Array<{ numeroBoleto: number; valorBoleto: number; linhaDigitavel: string; urlImpressao: string }>)[0]!;
  const pdf = path.join(dir, `boleto-${boleto.numeroBoleto}.pdf`);
  const printed = await fetch(boleto.urlImpressao.startsWith(server.url) ? boleto.urlImpressao : `${server.url}${new URL(boleto.urlImpressao).pathname}`);
  if (printed.status !== 200) throw new Error(`the slip did not download: ${printed.status}`);
  fs.writeFileSync(pdf, Buffer.from(await printed.arrayBuffer()));
  step('Boleto: POST /AgendaRecebivel/GerarUnicoBoleto for installment 1 (by numeroProposta)', [`boleto nº ${boleto.numeroBoleto}, R$ ${boleto.valorBoleto}`, `linha digitável ${boleto.linhaDigitavel}`, `look at the slip: ${pdf}`]);

  const receipt = await asOperator((config) => paymentCommands(receivablesDeps(config)).payBoleto, { boletoNumber: boleto.numeroBoleto, payment: { amount: null, at: null } });
  step(`Pay at the (sandbox) bank: caas boleto pay ${boleto.numeroBoleto}`, [`R$ ${receipt.amount} received on ${receipt.date}, ${receipt.launches} launch(es)`]);

  const details = await callOperation(server.url, token, '/AgendaRecebivel/ConsultarDetalhes', { dto: { numeroProposta: numero, nroParcelas: [1] }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } });
  const first = (details.parcelas as Array<{ nroParcela: number; situacao: number; vlrTotalPago: number; vlrSaldoAtual: number }>)[0]!;
  step('Details: POST /AgendaRecebivel/ConsultarDetalhes', [`schedule: ${String(details.descricaoSituacaoAgenda)}, paid so far R$ ${String(details.vlrTotalPago)}`, `installment 1: situacao ${first.situacao}, paid R$ ${first.vlrTotalPago}, balance R$ ${first.vlrSaldoAtual}`]);

  await receiver.waitForTypes(EXPECTED_EVENTS, options.callbackTimeoutMs);
  step('Callbacks received by the partner (signature checked with its secret)', receiver.deliveries.filter((d) => d.verified).map((d) => `TipoEvento ${d.eventType} ${d.eventName ?? ''}`.trim()));

  io.out('');
  io.out('Done. The data stays behind; look at it with:');
  for (const line of [`caas proposal show ${numero}`, 'caas proposal list', `caas boleto list --proposal ${numero}`, 'caas export payments --out payments.csv', `${server.url}/docs (the API reference)`]) io.out(`   ${line}`);
}

export async function runDemo(options: DemoOptions, io: CliIo): Promise<number> {
  const server = await connect(options, io);
  const secret: { value: string | null } = { value: null };
  const receiver = await startDemoReceiver(() => secret.value);
  try {
    io.out(`caas demo against ${server.url}${server.startedHere ? ' (started for the demo; stopped at the end)' : ''}`);
    const dir = options.outDir ?? (await withCliContext(async ({ config }) => path.join(config.dataDir, 'demo')));
    await flow(server, options, io, dir, receiver, secret);
    return 0;
  } finally {
    await receiver.close();
    await server.stop();
  }
}
