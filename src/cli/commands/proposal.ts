// `caas proposal list|show` (issue 15, src/cli/queries/proposals.ts) and
// `caas proposal approve|disburse|assign|refuse|cancel NUMERO [--at YYYY-MM-DD] [--reason TEXT] [--by NAME] [--pending] [--json]`:
// the service team's steps of the proposal lifecycle, through the same use cases and state machine
// as the HTTP operations (docs/proposal-lifecycle.md), declared once by the proposals module
// (operator-commands.ts) and run through runDefined: the console runs the same definitions.
import type { OperatorCommand, OperatorOutcome } from '../../modules/proposals/operator-lifecycle.js';
import type { Config } from '../../platform/config/env.js';
import { isValidLocalDate, localDate } from '../../platform/dates.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { IDEMPOTENCY_OPTION, operatorName as currentOperator, runOperatorDefinition } from '../operator-command.js';
import { command, group } from '../spec.js';
import { CSV_OPTION, PARTNER_OPTION, RANGE_OPTIONS } from '../queries/option-specs.js';

const NUMBER_RE = /^[1-9]\d{0,9}$/;

const OPTIONS = {
  at: { type: 'string', value: 'YYYY-MM-DD', description: 'the date the step happened (default: today)' },
  reason: { type: 'string', value: 'TEXT', description: 'why, recorded in the history' },
  by: { type: 'string', value: 'NAME', description: 'who does it (default: CAAS_OPERATOR or your OS user name)' },
  ...IDEMPOTENCY_OPTION,
  ...JSON_OPTION,
} as const;

type Commands = import('../../modules/proposals/operator-commands.js').ProposalOperatorCommands;
/** Which declared command a step runs (disburse --pending: only the payment order). */
type Pick = (commands: Commands, pending: boolean) => Commands[keyof Commands];

/** The declared commands, bound by the composition root (src/bindings.ts) to the CLI's configuration. */
async function proposalCommands(): Promise<(config: Config) => Commands> {
  const [{ proposalOperatorCommands }, { proposalDeps }] = await Promise.all([import('../../modules/proposals/operator-commands.js'), import('../../bindings.js')]);
  return (config) => proposalOperatorCommands(proposalDeps(config));
}

function operatorName(by: string | undefined): string {
  const name = by?.trim() || currentOperator() || 'operador';
  return `operador:${name}`;
}

function lines(outcome: OperatorOutcome): string[] {
  return [
    ...outcome.transitions.map((t) => `proposal ${outcome.proposalNumber}: ${t.event} ${t.from} → ${t.to} on ${t.on}`),
    `proposal ${outcome.proposalNumber} (${outcome.proposalId}) is now ${outcome.status} ${outcome.statusDescription}`,
  ];
}

/** `--json`: the keys this command has always printed (the interface's words), whatever the domain calls them. */
function outcomeJson(outcome: OperatorOutcome) {
  return { numero: outcome.proposalNumber, codigo: outcome.proposalId, situacao: outcome.status, descricaoSituacao: outcome.statusDescription, transitions: outcome.transitions };
}

function step(name: string, description: string, pick: Pick, extra: { pending?: { type: 'boolean'; description: string } } = {}) {
  return command({
    name: `proposal ${name}`,
    description,
    args: [{ name: 'NUMERO', description: 'the proposal number' }],
    options: { ...OPTIONS, ...extra },
    run: async ({ args, options }, io) => {
      if (!NUMBER_RE.test(args.NUMERO)) throw new CliError('expected exactly one proposal NUMERO (a positive integer)');
      if (options.at !== undefined && !isValidLocalDate(options.at)) throw new CliError(`--at must be a calendar date YYYY-MM-DD, got "${options.at}"`);
      const operatorCommand: OperatorCommand = { proposalNumber: Number(args.NUMERO), at: options.at === undefined ? null : localDate(options.at), reason: options.reason ?? null, by: operatorName(options.by) };
      const pending = (options as { pending?: boolean }).pending === true;
      const commands = await proposalCommands();
      const outcome = await runOperatorDefinition(io, ({ config }) => pick(commands(config), pending), operatorCommand, options['idempotency-key']);
      printJsonOrLines(io, options.json, outcomeJson(outcome), () => lines(outcome));
    },
  });
}

const queries = () => import('../queries/proposals.js');

export default [
  group({ name: 'proposal', description: 'list, show and move proposals through their lifecycle (service team)' }),
  command({
    name: 'proposal list',
    description: 'list proposals of every partner, oldest first, as a table (or JSON, CSV)',
    options: {
      status: { type: 'string', value: 'S', description: 'only this status: its id or name, e.g. 2, finalizada, pendente-pagamento' },
      ...PARTNER_OPTION,
      document: { type: 'string', value: 'CPF|CNPJ', description: "only this customer's (mask optional)" },
      ...RANGE_OPTIONS,
      ...JSON_OPTION,
      ...CSV_OPTION,
    },
    notes: ['--from/--to bound the creation date. "--status finalizada" is the queue awaiting approval.'],
    run: async ({ options }, io) => (await queries()).listProposalsCommand(options, io),
  }),
  command({
    name: 'proposal show',
    description: 'show one proposal: data, pricing, history and schedule summary',
    args: [{ name: 'NUMERO', description: 'the proposal number' }],
    options: JSON_OPTION,
    run: async ({ args, options }, io) => (await queries()).showProposalCommand(args.NUMERO, options.json, io),
  }),
  step('approve', 'approve a proposal awaiting analysis', (c) => c.approve),
  step(
    'disburse',
    'record that the money was paid out (or, with --pending, only the payment order)',
    // --pending: only the payment order (aprovada → pendente pagamento); the money has not left yet.
    (c, pending) => (pending ? c.requestPayment : c.disburse),
    { pending: { type: 'boolean', description: 'only order the payment (aprovada → pendente pagamento)' } },
  ),
  step('assign', 'assign a disbursed proposal (cessão)', (c) => c.assign),
  step('refuse', 'refuse a proposal (with --reason)', (c) => c.refuse),
  step('cancel', 'cancel a disbursed proposal the customer withdrew within 7 days (with --reason; refund boleto as FGTS/CancelarProposta)', (c) => c.cancel),
];
