// `caas customer addresses DOCUMENTO --partner CLIENT_ID`: a partner's customer's addresses, as
// saved through Pessoa/SalvarEnderecos (read only).
import { partnerByClientId } from '../../modules/auth/partner-admin.js';
import { customerAddresses, type AddressView } from '../../modules/customers/list-addresses.js';
import { withCliContext } from '../context.js';
import { CliError, type CliCommand, parseOptions, printJsonOrLines } from '../io.js';

const USAGE = 'caas customer addresses DOCUMENTO --partner CLIENT_ID [--json]';

function line(a: AddressView): string {
  const flags = [a.enderecoPrincipal ? 'principal' : '', a.enderecoCorrespondencia ? 'correspondência' : ''].filter((f) => f !== '').join(',');
  const street = [a.logradouro, a.nroLogradouro, a.complemento, a.bairro].filter((p) => p !== null).join(', ');
  return `${a.codigo}  ${a.cep}  ${street}  ${a.cidade}/${a.uf}${flags === '' ? '' : `  [${flags}]`}`;
}

export const customerCommand: CliCommand = {
  name: 'customer',
  usage: 'customer addresses DOCUMENTO --partner CLIENT_ID',
  summary: "list a partner's customer's addresses",
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === '--help' || sub === '-h' || sub === undefined) {
      io.out(USAGE);
      return sub === undefined ? 2 : 0;
    }
    if (sub !== 'addresses') throw new CliError(`unknown subcommand "${sub}"\n${USAGE}`);
    const { values, positionals } = parseOptions(rest, { partner: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length !== 1 || values.partner === undefined) throw new CliError(`usage: ${USAGE}`);
    const partner = values.partner;
    const addresses = await withCliContext(async ({ db }) => customerAddresses(db, (await partnerByClientId(db, partner)).id, positionals[0]!));
    printJsonOrLines(io, values.json === true, addresses, () => (addresses.length === 0 ? ['no addresses'] : addresses.map(line)));
    return 0;
  },
};
