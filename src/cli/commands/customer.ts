// `caas customer addresses DOCUMENTO --partner CLIENT_ID`: a partner's customer's addresses, as
// saved through Pessoa/SalvarEnderecos (read only).
import type { AddressView } from '../../modules/customers/list-addresses.js';
import { withCliContext } from '../context.js';
import { JSON_OPTION, printJsonOrLines } from '../io.js';
import { command, group } from '../spec.js';

function line(a: AddressView): string {
  const flags = [a.enderecoPrincipal ? 'principal' : '', a.enderecoCorrespondencia ? 'correspondência' : ''].filter((f) => f !== '').join(',');
  const street = [a.logradouro, a.nroLogradouro, a.complemento, a.bairro].filter((p) => p !== null).join(', ');
  return `${a.codigo}  ${a.cep}  ${street}  ${a.cidade}/${a.uf}${flags === '' ? '' : `  [${flags}]`}`;
}

export default [
  group({ name: 'customer', description: "a partner's customers (read only)" }),
  command({
    name: 'customer addresses',
    description: "list a partner's customer's addresses, as saved through Pessoa/SalvarEnderecos",
    args: [{ name: 'DOCUMENTO', description: "the customer's CPF or CNPJ" }],
    options: { partner: { type: 'string', value: 'CLIENT_ID', description: 'the partner the customer belongs to', required: true }, ...JSON_OPTION },
    run: async ({ args, options }, io) => {
      const [{ partnerByClientId }, { customerAddresses }] = await Promise.all([import('../../modules/partners/index.js'), import('../../modules/customers/list-addresses.js')]);
      const addresses = await withCliContext(async ({ db }) => customerAddresses(db, (await partnerByClientId(db, options.partner)).id, args.DOCUMENTO));
      printJsonOrLines(io, options.json, addresses, () => (addresses.length === 0 ? ['no addresses'] : addresses.map(line)));
    },
  }),
];
