// `caas payee list|approve|reject`: the service team's review of Pix payees. Same use cases as
// any other caller (src/modules/payees), against the server's database.
import { partnerByClientId } from '../../modules/auth/partner-admin.js';
import { listPayees, type ListedPayee } from '../../modules/payees/list-payees.js';
import { parseSituacao, PayeeSituacao, SITUACAO_DESCRIPTIONS } from '../../modules/payees/payee-status.js';
import type { PayeeWire } from '../../modules/payees/payee-view.js';
import { approvePayee, rejectPayee } from '../../modules/payees/review-payee.js';
import { withCliContext } from '../context.js';
import { CliError, osUserName, type CliCommand, type CliIo, parseOptions, printJsonOrLines } from '../io.js';

const USAGE = [
  'caas payee list [--pending | --status pendente|aprovado|reprovado|0|1|2] [--partner CLIENT_ID] [--json]',
  'caas payee approve CODIGO [--by NAME] [--json]',
  'caas payee reject CODIGO --reason TEXT [--by NAME] [--json]',
].join('\n');

/** Who decides, by default: the operating-system user running the command. */
function defaultReviewer(): string {
  // No passwd entry (some containers): the name must then be given with --by.
  const name = osUserName();
  if (name === null) throw new CliError('cannot tell the OS user name: pass --by NAME');
  return name;
}

function identity(p: PayeeWire): string {
  if (p.tipoCadastroPix === 1) return `chave ${p.chave}`;
  return `ispb ${p.numeroParticipanteSpi} ag ${p.agencia} cc ${p.conta}-${p.contaDigito}`;
}

function line(p: PayeeWire & { clientId?: string }): string {
  const who = p.clientId === undefined ? '' : `  ${p.clientId}`;
  const reason = p.motivoRejeicao === null ? '' : `  motivo: ${p.motivoRejeicao}`;
  return `${p.codigoFavorecido}  ${p.situacao} ${SITUACAO_DESCRIPTIONS[p.situacao]}${who}  ${p.documentoFederal}  ${p.nome}  ${identity(p)}  ${p.dtInclusao}${reason}`;
}

async function list(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { status: { type: 'string' }, pending: { type: 'boolean' }, partner: { type: 'string' }, json: { type: 'boolean' } }, false);
  if (values.pending && values.status !== undefined) throw new CliError('--pending is --status pendente: give one of them');
  // --pending: the review queue (situacao 0), oldest first.
  const situacao = values.pending ? PayeeSituacao.pendente : values.status === undefined ? null : parseSituacao(values.status);
  if (values.status !== undefined && situacao === null) throw new CliError(`unknown --status "${values.status}": use pendente, aprovado, reprovado or 0, 1, 2`);
  const listing = await withCliContext(async ({ db }) => {
    const partnerId = values.partner === undefined ? null : (await partnerByClientId(db, values.partner)).id;
    return listPayees(db, { situacao, partnerId });
  });
  printJsonOrLines(io, values.json === true, listing.payees, () => (listing.payees.length === 0 ? ['no payees'] : listing.payees.map((p: ListedPayee) => line(p))));
  if (listing.truncated) io.err(`only the first ${listing.payees.length} payees are listed: narrow with --status or --partner`);
  return 0;
}

async function decide(kind: 'approve' | 'reject', argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, { by: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new CliError(`usage:\n${USAGE}`);
  const codigo = positionals[0]!;
  if (kind === 'approve' && values.reason !== undefined) throw new CliError('--reason is for reject only');
  if (kind === 'reject' && values.reason === undefined) throw new CliError('reject needs --reason TEXT (the partner receives it)');
  const by = values.by ?? defaultReviewer();
  const payee = await withCliContext(({ db, clock }) =>
    kind === 'approve' ? approvePayee(db, clock, { codigoFavorecido: codigo, by }) : rejectPayee(db, clock, { codigoFavorecido: codigo, by, reason: values.reason ?? '' }),
  );
  printJsonOrLines(io, values.json === true, payee, () => [`${kind === 'approve' ? 'approved' : 'rejected'} by ${by}: ${line(payee)}`]);
  return 0;
}

export const payeeCommand: CliCommand = {
  name: 'payee',
  usage: 'payee list|approve|reject …',
  summary: 'review Pix payees: list, approve, reject (with a reason)',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'list') return list(rest, io);
    if (sub === 'approve' || sub === 'reject') return decide(sub, rest, io);
    if (sub === '--help' || sub === '-h' || sub === undefined) {
      io.out(USAGE);
      return sub === undefined ? 2 : 0;
    }
    throw new CliError(`unknown subcommand "${sub}"\n${USAGE}`);
  },
};
