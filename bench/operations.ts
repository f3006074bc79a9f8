// The operations `npm run bench` measures. Each names its path, how to build a request body,
// and how many rows it writes (the baseline does the same number of inserts). Modules add theirs.
import { randomInt, randomUUID } from 'node:crypto';
import { brazilDateAt } from '../src/platform/dates.js';
import { cpfCheckDigits } from '../src/platform/documents.js';

function randomCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return `${base}${cpfCheckDigits(base)}`;
}

/** The latest SCR month surely published (three months back). */
function scrMonth(): { mes: string; ano: string } {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return { mes: String(d.getUTCMonth() + 1), ano: String(d.getUTCFullYear()) };
}

export interface BenchContext {
  /** Base URL of the caas server under test. */
  url: string;
  token: string;
  clientId: string;
  /** Signs a fresh client assertion (for the token endpoint). */
  assertion(): Promise<string>;
  /** Free-form state prepared by `setup` of earlier operations (e.g. a proposal to query). */
  state: Record<string, unknown>;
  /** Runs the `caas` command in-process against the bench database (operator steps). */
  cli(args: string[]): Promise<string>;
  /**
   * How many one-time bodies an operation with `requests` consumes over the whole run (warm-up and
   * every round): its setup prepares that many fresh installments or charges.
   */
  oneTimeBodies: number;
}

export interface BenchOperation {
  name: string;
  method?: 'POST';
  path: string;
  /** Row writes one request makes (idempotency record included): the baseline does as many. */
  writes: number;
  /** Form-encoded token request instead of JSON. */
  form?: boolean;
  /** Expected status (default 200). */
  status?: number;
  /** How many distinct bodies to prepare (default 200); large for operations that cache by input. */
  pool?: number;
  /**
   * One-time bodies (an installment slot, a charge, an assertion's jti): each run sends exactly
   * this many requests, each with a body of its own, instead of running for BENCH_SECONDS.
   */
  requests?: number;
  /**
   * What the baseline route does for this operation (issue 14): 'token' = RS256 verify + ES256 sign
   * + one insert; 'read' = one select by key returning an answer of the subject's size; 'writes'
   * (default) = `writes` row inserts in one transaction (none: an authenticated no-op); 'bare' = a
   * bare Fastify route answering the same status with no work at all; 'miss' = one select by a key
   * that is not there, answering the subject's refusal (400) of the same size.
   */
  baseline?: 'token' | 'read' | 'writes' | 'bare' | 'miss';
  /** The operation (a part of its name) whose setup prepares the state this one's bodies read. */
  uses?: string;
  setup?(ctx: BenchContext): Promise<void>;
  body(ctx: BenchContext): Promise<string> | string;
}

/**
 * Today's date in São Paulo: what the operator commands' `--at` and the interface's dates mean.
 * The UTC date is tomorrow there between 21:00 and 24:00, and `--at` refuses a future date.
 */
export function benchToday(now: Date = new Date()): string {
  return brazilDateAt(now);
}

export const OPERATIONS: BenchOperation[] = [
  {
    name: 'token request (connect/token)',
    path: '/connect/token',
    writes: 1,
    form: true,
    baseline: 'token',
    requests: 1500,
    body: async (ctx) =>
      new URLSearchParams({ grant_type: 'client_credentials', client_id: ctx.clientId, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: await ctx.assertion() }).toString(),
  },
  {
    name: 'Proposta/Consultar (unknown id)',
    path: '/Proposta/Consultar',
    writes: 0,
    status: 400,
    // Its essential work is one lookup by key that finds nothing (issue 14: a baseline that runs no query overstated the gap).
    baseline: 'miss',
    body: () => JSON.stringify({ dto: { codigoProposta: randomUUID() } }),
  },
  {
    name: 'authenticated no-op (body refused by schema) vs bare Fastify',
    path: '/Proposta/Consultar',
    writes: 0,
    status: 400,
    baseline: 'bare',
    body: () => JSON.stringify({ dto: { numeroProposta: 'x' } }),
  },
  {
    name: 'Bureau/ConsultarBureau (sandbox, fresh documents)',
    path: '/Bureau/ConsultarBureau',
    writes: 2,
    pool: 20_000,
    body: () => JSON.stringify({ consulta: { documento: randomCpf(), codigoProduto: '1', consultaCompleta: true } }),
  },
  {
    name: 'Bureau/ConsultarSCR (sandbox, fresh documents)',
    path: '/Bureau/ConsultarSCR',
    writes: 2,
    pool: 20_000,
    body: () => {
      const { mes, ano } = scrMonth();
      return JSON.stringify({ consulta: { documento: randomCpf(), dataBaseMes: mes, dataBaseAno: ano, dtAceiteCliente: new Date().toISOString() } });
    },
  },
];

/** A person's proposal: R$ 10,000 at 2% a month over 12 months, first due in 30 days. */
export function proposalBody(): string {
  const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({ dto: { documentoCliente: randomCpf(), vlrSolicitado: 10000, prazo: 12, percJurosNegociado: 2, dtPrimeiroVencto: firstDue }, parametros: null });
}

OPERATIONS.push(
  {
    name: 'Proposta/IncluirManualSimplificado (12 installments)',
    path: '/Proposta/IncluirManualSimplificado',
    // proposal + 12 installments + history + idempotency record, in one transaction.
    writes: 15,
    body: () => proposalBody(),
  },
  {
    name: 'Proposta/Consultar (by numero)',
    path: '/Proposta/Consultar',
    writes: 0,
    baseline: 'read',
    setup: async (ctx) => {
      const response = await fetch(`${ctx.url}/Proposta/IncluirManualSimplificado`, { method: 'POST', headers: { authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID(), 'content-type': 'application/json' }, body: proposalBody() });
      const created = (await response.json()) as { numero: number };
      ctx.state.numero = created.numero;
    },
    body: (ctx) => JSON.stringify({ dto: { numeroProposta: ctx.state.numero } }),
  },
);

const TODAY = () => benchToday();
/** Requests per run of an operation with one-time bodies (BENCH_ONE_TIME_REQUESTS). */
export const ONE_TIME_REQUESTS = Number(process.env.BENCH_ONE_TIME_REQUESTS ?? 600);
// A 48-month loan: long for consumer credit, so per-installment costs show.
const INSTALLMENTS_PER_PROPOSAL = 48;

/** Creates and disburses `count` proposals of 48 installments; returns their codigos. */
export async function disbursedProposals(ctx: BenchContext, count: number): Promise<string[]> {
  const codigos: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dto = {
      documentoCliente: randomCpf(),
      vlrSolicitado: 50000,
      prazo: INSTALLMENTS_PER_PROPOSAL,
      percJurosNegociado: 1,
      dtPrimeiroVencto: firstDue,
      propostaContaPagamentoDTO: { codigoBanco: 341, tipoConta: 1, agencia: '0001', conta: '123456', contaDig: '7', numeroBanco: '341', documentoFederalPagamento: '123.456.789-09', nomePagamento: 'Maria da Silva' },
    };
    const response = await fetch(`${ctx.url}/Proposta/IncluirManualSimplificado`, { method: 'POST', headers: { authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID(), 'content-type': 'application/json' }, body: JSON.stringify({ dto, parametros: [{ nome: 'Proposta_IsentarIOF', valor: 'true' }] }) });
    const created = (await response.json()) as { codigo: string; numero: number; hasError: boolean; messages: unknown[] };
    if (created.hasError) throw new Error(`bench setup: proposal refused: ${JSON.stringify(created.messages)}`);
    await ctx.cli(['proposal', 'approve', String(created.numero), '--at', TODAY()]);
    await ctx.cli(['proposal', 'disburse', String(created.numero), '--at', TODAY()]);
    codigos.push(created.codigo);
  }
  return codigos;
}

/** Installment slots (proposal, number) handed out once each, so every boleto request is valid. */
function nextSlot(ctx: BenchContext, key: string, roundRobin = false): { codigoProposta: string; nroParcela: number } {
  const codigos = ctx.state[key] as string[];
  const used = (ctx.state[`${key}:used`] as number | undefined) ?? 0;
  ctx.state[`${key}:used`] = used + 1;
  if (roundRobin) return { codigoProposta: codigos[used % codigos.length] as string, nroParcela: (Math.floor(used / codigos.length) % INSTALLMENTS_PER_PROPOSAL) + 1 };
  const proposal = Math.floor(used / INSTALLMENTS_PER_PROPOSAL) % codigos.length;
  return { codigoProposta: codigos[proposal] as string, nroParcela: (used % INSTALLMENTS_PER_PROPOSAL) + 1 };
}

OPERATIONS.push(
  {
    name: 'AgendaRecebivel/GerarUnicoBoleto (online, hybrid with Pix)',
    path: '/AgendaRecebivel/GerarUnicoBoleto',
    // boleto + installment link + registration + outbox event + idempotency record.
    writes: 5,
    requests: ONE_TIME_REQUESTS,
    setup: async (ctx) => {
      // Each request takes a fresh installment (one live boleto per installment).
      ctx.state.boletoProposals = await disbursedProposals(ctx, Math.ceil(ctx.oneTimeBodies / INSTALLMENTS_PER_PROPOSAL));
    },
    body: (ctx) => {
      const slot = nextSlot(ctx, 'boletoProposals', true);
      const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
      const expires = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      return JSON.stringify({ dto: { codigoProposta: slot.codigoProposta, nroParcelas: [slot.nroParcela] }, dtoGerarUnicoBoleto: { dtVencimento: due, dtExpiracao: expires, descricaoBoleto: 'Parcela', liquidacao: true, tipoRegistro: 1 } });
    },
  },
  {
    name: 'AgendaRecebivel/IncluirLancamentoMultiplasParcelas (R$ 1.00)',
    path: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
    // launch + installment + schedule + outbox event + idempotency record.
    writes: 5,
    pool: 1000,
    setup: async (ctx) => {
      // Launches serialise per schedule (a row lock keeps balances exact): spread them like real traffic.
      ctx.state.launchProposals = await disbursedProposals(ctx, 4);
    },
    body: (ctx) => {
      const slot = nextSlot(ctx, 'launchProposals', true);
      return JSON.stringify({ dto: { codigoProposta: slot.codigoProposta }, dtoLancamentoParcelas: [{ nroParcela: slot.nroParcela, dtPagamento: TODAY(), vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'bench' }] });
    },
  },
  {
    name: 'AgendaRecebivel/ConsultarParcelas (3 installments)',
    path: '/AgendaRecebivel/ConsultarParcelas',
    writes: 0,
    uses: 'IncluirLancamentoMultiplasParcelas',
    baseline: 'read',
    body: (ctx) => JSON.stringify({ dto: { codigoProposta: (ctx.state.launchProposals as string[])[0], nroParcelas: [1, 2, 3] }, dtoConsultaParcelas: { dtCalculo: TODAY(), permiteDescapitalizacao: true } }),
  },
  {
    name: 'AgendaRecebivel/ConsultarDetalhes (48 installments)',
    path: '/AgendaRecebivel/ConsultarDetalhes',
    writes: 0,
    uses: 'GerarUnicoBoleto',
    baseline: 'read',
    body: (ctx) => JSON.stringify({ dto: { codigoProposta: (ctx.state.boletoProposals as string[])[0], nroParcelas: [] }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } }),
  },
);

/** Today + `days` as YYYY-MM-DD (São Paulo). */
function inDays(days: number): string {
  return benchToday(new Date(Date.now() + days * 86_400_000));
}

async function post(ctx: BenchContext, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${ctx.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`bench setup: ${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

function chargeBody(slot: { codigoProposta: string; nroParcela: number }) {
  return { dto: { codigoProposta: slot.codigoProposta, nroParcelas: [slot.nroParcela] }, dtoGerarUnicaLiquidacao: { dtVencimento: inDays(10), liquidacao: true, descricaoLiquidacao: 'Cobrança' } };
}


OPERATIONS.push(
  {
    name: 'AgendaRecebivel/ConsultarBoletos',
    path: '/AgendaRecebivel/ConsultarBoletos',
    writes: 0,
    uses: 'GerarUnicoBoleto',
    baseline: 'read',
    body: (ctx) => JSON.stringify({ dto: { codigoProposta: (ctx.state.boletoProposals as string[])[0] }, dtoConsultaBoletos: {} }),
  },
  {
    name: 'AgendaRecebivel/GerarUnicaCobranca (boleto + Pix)',
    path: '/AgendaRecebivel/GerarUnicaCobranca',
    // charge + boleto + Pix + installment link + outbox event + idempotency record.
    writes: 6,
    requests: ONE_TIME_REQUESTS,
    setup: async (ctx) => {
      ctx.state.chargeProposals = await disbursedProposals(ctx, Math.ceil(ctx.oneTimeBodies / INSTALLMENTS_PER_PROPOSAL));
    },
    body: (ctx) => JSON.stringify(chargeBody(nextSlot(ctx, 'chargeProposals', true))),
  },
  {
    name: 'FGTS/CancelarCobrancas (one charge)',
    path: '/FGTS/CancelarCobrancas',
    // the cancellation request + its job + idempotency record.
    writes: 3,
    // Each cancellation takes a live charge of its own, made in setup.
    requests: ONE_TIME_REQUESTS,
    setup: async (ctx) => {
      const proposals = await disbursedProposals(ctx, Math.ceil(ctx.oneTimeBodies / INSTALLMENTS_PER_PROPOSAL));
      // One sequence per proposal (a charge locks its schedule), the proposals side by side.
      const perProposal = await Promise.all(
        proposals.map(async (codigoProposta) => {
          const codes: Array<{ codigoProposta: string; code: string }> = [];
          for (let nroParcela = 1; nroParcela <= INSTALLMENTS_PER_PROPOSAL; nroParcela += 1) {
            const answer = await post(ctx, '/AgendaRecebivel/GerarUnicaCobranca', chargeBody({ codigoProposta, nroParcela }));
            codes.push({ codigoProposta, code: (answer.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao });
          }
          return codes;
        }),
      );
      ctx.state.cancellable = perProposal.flat();
    },
    body: (ctx) => {
      const codes = ctx.state.cancellable as Array<{ codigoProposta: string; code: string }>;
      const used = (ctx.state['cancellable:used'] as number | undefined) ?? 0;
      ctx.state['cancellable:used'] = used + 1;
      const { codigoProposta, code } = codes[used % codes.length]!;
      return JSON.stringify({ dto: { codigoProposta }, dtoCancelarCobrancas: { codigosLiquidacoes: [code] } });
    },
  },
);

/**
 * BENCH_ONLY=part[,part…]: the operations whose name contains one of the parts, in order, each
 * with whether it is measured; an operation only set up is there because a measured one `uses` it.
 */
export function plannedOperations(only: string | undefined, operations: readonly BenchOperation[] = OPERATIONS): Array<{ op: BenchOperation; measured: boolean }> {
  const measured = (o: BenchOperation) => !only || only.split(',').some((part) => o.name.includes(part.trim()));
  const used = (o: BenchOperation) => operations.some((m) => measured(m) && m.uses !== undefined && o.name.includes(m.uses));
  return operations.filter((o) => measured(o) || (o.setup !== undefined && used(o))).map((op) => ({ op, measured: measured(op) }));
}

/**
 * The template the volume seed clones (bench/seed-1m.ts): a disbursed 48-installment proposal
 * with boletos, a charge and launches on some of its installments, made through the API.
 */
export async function seedTemplate(ctx: BenchContext): Promise<string> {
  const [codigoProposta] = await disbursedProposals(ctx, 1);
  const proposal = codigoProposta as string;
  for (let nroParcela = 1; nroParcela <= 24; nroParcela += 1) {
    await post(ctx, '/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: proposal, nroParcelas: [nroParcela] }, dtoGerarUnicoBoleto: { dtVencimento: inDays(10), dtExpiracao: inDays(40), descricaoBoleto: 'Parcela', liquidacao: true, tipoRegistro: 1 } });
  }
  for (let nroParcela = 25; nroParcela <= 30; nroParcela += 1) await post(ctx, '/AgendaRecebivel/GerarUnicaCobranca', chargeBody({ codigoProposta: proposal, nroParcela }));
  for (let nroParcela = 31; nroParcela <= 36; nroParcela += 1) {
    await post(ctx, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', { dto: { codigoProposta: proposal }, dtoLancamentoParcelas: [{ nroParcela, dtPagamento: TODAY(), vlrPagamento: 1, vlrDesconto: 0, permiteDescapitalizacao: false, descricaoLancamento: 'seed' }] });
  }
  return proposal;
}
