// `caas payee list|approve|reject`: the service team's review of Pix payees. The commands are the
// payees module's definitions (review-commands.ts), the same the console runs, against the server's database.
import type { ListedPayee } from '../../modules/payees/list-payees.js';
import { payeeWire, type PayeeWire } from '../../modules/payees/payee-view.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines, type CliIo } from '../io.js';
import { IDEMPOTENCY_OPTION, operatorName, runOperatorDefinition } from '../operator-command.js';
import { command, group } from '../spec.js';

const status = () => import('../../modules/payees/payee-status.js');

/** Who decides, by default: the operating-system user running the command. */
function defaultReviewer(): string {
  // No passwd entry (some containers): the name must then be given with --by.
  const name = operatorName();
  if (name === null) throw new CliError('cannot tell the OS user name: pass --by NAME or set CAAS_OPERATOR');
  return name;
}

function identity(p: PayeeWire): string {
  if (p.tipoCadastroPix === 1) return `chave ${p.chave}`;
  return `ispb ${p.numeroParticipanteSpi} ag ${p.agencia} cc ${p.conta}-${p.contaDigito}`;
}

async function line(p: PayeeWire & { clientId?: string }): Promise<string> {
  const { PAYEE_STATUS_DESCRIPTIONS } = await status();
  const who = p.clientId === undefined ? '' : `  ${p.clientId}`;
  const reason = p.motivoRejeicao === null ? '' : `  motivo: ${p.motivoRejeicao}`;
  return `${p.codigoFavorecido}  ${p.situacao} ${PAYEE_STATUS_DESCRIPTIONS[p.situacao]}${who}  ${p.documentoFederal}  ${p.nome}  ${identity(p)}  ${p.dtInclusao}${reason}`;
}

const BY = { by: { type: 'string', value: 'NAME', description: 'who decides (default: CAAS_OPERATOR or your OS user name)' }, ...IDEMPOTENCY_OPTION } as const;
const CODIGO = [{ name: 'CODIGO', description: 'the payee code (codigoFavorecido)' }] as const;

/** Runs the review command; the payee it answers, as the wire shows it (the --json output). */
async function decide(io: CliIo, kind: 'approve' | 'reject', codigo: string, by: string, reason: string | null, idempotencyKey: string | undefined): Promise<PayeeWire> {
  const { approvePayeeCommand, rejectPayeeCommand } = await import('../../modules/payees/review-commands.js');
  const payee = kind === 'approve'
    ? await runOperatorDefinition(io, () => approvePayeeCommand, { payeeId: codigo, by }, idempotencyKey)
    : await runOperatorDefinition(io, () => rejectPayeeCommand, { payeeId: codigo, by, reason: reason ?? '' }, idempotencyKey);
  return payeeWire(payee);
}

export default [
  group({ name: 'payee', description: 'review Pix payees: list, approve, reject (with a reason)' }),
  command({
    name: 'payee list',
    description: 'list Pix payees with their review state',
    options: {
      status: { type: 'string', value: 'S', description: 'only payees in this state: pendente, aprovado, reprovado (or 0, 1, 2)' },
      pending: { type: 'boolean', description: 'only the review queue (same as --status pendente)' },
      partner: { type: 'string', value: 'CLIENT_ID', description: "only this partner's payees" },
      ...JSON_OPTION,
    },
    run: async ({ options }, io) => {
      const [{ parsePayeeStatus }, { partnerByClientId }, { listPayees }] = await Promise.all([status(), import('../../modules/partners/index.js'), import('../../modules/payees/list-payees.js')]);
      if (options.pending && options.status !== undefined) throw new CliError('--pending is --status pendente: give one of them');
      const wanted = options.pending ? 0 : options.status === undefined ? null : parsePayeeStatus(options.status);
      if (options.status !== undefined && wanted === null) throw new CliError(`unknown --status "${options.status}": use pendente, aprovado, reprovado or 0, 1, 2`);
      const listing = await withCliContext(async ({ db }) => {
        const partnerId = options.partner === undefined ? null : (await partnerByClientId(db, options.partner)).id;
        return listPayees(db, { status: wanted, partnerId });
      });
      const listed = listing.payees.map((p: ListedPayee) => ({ clientId: p.clientId, ...payeeWire(p) }));
      const lines = await Promise.all(listed.map((p) => line(p)));
      printJsonOrLines(io, options.json, listed, () => (lines.length === 0 ? ['no payees'] : lines));
      if (listing.truncated) io.err(`only the first ${listing.payees.length} payees are listed: narrow with --status or --partner`);
    },
  }),
  command({
    name: 'payee approve',
    description: 'approve a pending payee: the partner may then pay it',
    args: CODIGO,
    options: { ...BY, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const by = options.by ?? defaultReviewer();
      const payee = await decide(io, 'approve', args.CODIGO, by, null, options['idempotency-key']);
      const text = await line(payee);
      printJsonOrLines(io, options.json, payee, () => [`approved by ${by}: ${text}`]);
    },
  }),
  command({
    name: 'payee reject',
    description: 'reject a pending payee, with a reason the partner receives',
    args: CODIGO,
    options: { reason: { type: 'string', value: 'TEXT', description: 'why (the partner receives it)', required: true }, ...BY, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const by = options.by ?? defaultReviewer();
      const payee = await decide(io, 'reject', args.CODIGO, by, options.reason, options['idempotency-key']);
      const text = await line(payee);
      printJsonOrLines(io, options.json, payee, () => [`rejected by ${by}: ${text}`]);
    },
  }),
];
