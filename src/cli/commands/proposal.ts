// `caas proposal list|show` (proposal-queries.ts) and
// `caas proposal approve|disburse|assign|refuse NUMERO [--at YYYY-MM-DD] [--reason TEXT] [--by NAME] [--pending] [--json]`:
// the service team's steps of the proposal lifecycle, through the same use cases and state machine
// as the HTTP operations (docs/proposal-lifecycle.md).
import { isValidLocalDate, localDate } from '../../platform/dates.js';
import {
  approveProposal,
  assignProposal,
  disburseProposal,
  refuseProposalAsOperator,
  requestPayment,
  type OperatorCommand,
  type OperatorOutcome,
} from '../../modules/proposals/operator-lifecycle.js';
import { proposalDeps } from '../../modules/proposals/proposal-wiring.js';
import { withCliContext, type CliContext } from '../context.js';
import { listProposalsCommand, PROPOSAL_QUERY_USAGE, showProposalCommand } from './proposal-queries.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo, osUserName } from '../io.js';

const OPTIONS = {
  at: { type: 'string' },
  reason: { type: 'string' },
  by: { type: 'string' },
  pending: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const NUMBER_RE = /^[1-9]\d{0,9}$/;
const FULL_USAGE = [...PROPOSAL_QUERY_USAGE, 'proposal approve|disburse|assign|refuse NUMERO [--at YYYY-MM-DD] [--reason TEXT] [--by NAME] [--pending] [--json]'].join('\n       caas ');

type Action = (ctx: CliContext, command: OperatorCommand, pending: boolean) => Promise<OperatorOutcome>;

const ACTIONS: Readonly<Record<string, Action>> = {
  approve: ({ db, clock }, c) => approveProposal(db, clock, c),
  // --pending: only the payment order (aprovada → pendente pagamento); the money has not left yet.
  disburse: ({ db, clock }, c, pending) => (pending ? requestPayment(db, clock, c) : disburseProposal(db, clock, c, proposalDeps)),
  assign: ({ db, clock }, c) => assignProposal(db, clock, c),
  refuse: ({ db, clock }, c) => refuseProposalAsOperator(db, clock, c),
};

function operatorName(by: string | undefined): string {
  const name = by?.trim() || osUserName() || 'operador';
  return `operador:${name}`;
}

function commandOf(argv: string[]): { command: OperatorCommand; json: boolean; pending: boolean } {
  const { values, positionals } = parseOptions(argv, OPTIONS);
  if (positionals.length !== 1 || !NUMBER_RE.test(positionals[0] as string)) throw new CliError('expected exactly one proposal NUMERO (a positive integer)');
  if (values.at !== undefined && !isValidLocalDate(values.at)) throw new CliError(`--at must be a calendar date YYYY-MM-DD, got "${values.at}"`);
  return {
    command: { numero: Number(positionals[0]), at: values.at === undefined ? null : localDate(values.at), reason: values.reason ?? null, by: operatorName(values.by) },
    json: values.json === true,
    pending: values.pending === true,
  };
}

function lines(outcome: OperatorOutcome): string[] {
  return [
    ...outcome.transitions.map((t) => `proposal ${outcome.numero}: ${t.event} ${t.from} → ${t.to} on ${t.on}`),
    `proposal ${outcome.numero} (${outcome.codigo}) is now ${outcome.situacao} ${outcome.descricaoSituacao}`,
  ];
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'list') return listProposalsCommand(rest, io);
  if (sub === 'show') return showProposalCommand(rest, io);
  const action = sub === undefined ? undefined : ACTIONS[sub];
  if (action === undefined) throw new CliError(`usage: caas ${FULL_USAGE}`);
  const { command, json, pending } = commandOf(rest);
  if (pending && sub !== 'disburse') throw new CliError('--pending applies to disburse only');
  const outcome = await withCliContext((ctx) => action(ctx, command, pending));
  printJsonOrLines(io, json, outcome, () => lines(outcome));
  return 0;
}

export const proposalCommand: CliCommand = {
  name: 'proposal',
  usage: 'proposal list|show|approve|disburse|assign|refuse …',
  summary: 'List and show proposals; move one through its lifecycle (service team)',
  run,
};
