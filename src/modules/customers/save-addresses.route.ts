// Pessoa/SalvarEnderecos on the command runner: the wire body mapped to the English input (and
// each field's wire path; address-wire.ts), the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { addressInput, addressPaths } from './address-wire.js';
import { saveAddresses, type SaveAddressesResult, type SavedAddress } from './save-addresses.js';
import { spec } from './save-addresses.schema.js';

const ITEM_MSG: Record<SavedAddress['outcome'], string> = { inserted: 'Endereço incluído', updated: 'Endereço atualizado', refused: 'Endereço não salvo' };

function view(result: SaveAddressesResult) {
  const total = result.addresses.length;
  const saved = result.addresses.filter((a) => a.outcome !== 'refused').length;
  const msg = saved === total ? `${saved} de ${total} endereço(s) salvo(s).` : `${saved} de ${total} endereço(s) salvo(s); os demais têm erros (veja results).`;
  const results = result.addresses.map((a) => ({ msg: ITEM_MSG[a.outcome], hasError: a.outcome === 'refused', messages: a.messages, codigo: a.id }));
  return { msg, results };
}

export const route = defineCommandRoute(spec, {
  input: (body) => {
    const dtos = body.dtos ?? [];
    return {
      customerDocument: body.param.documentoCliente ?? null,
      addresses: dtos.map(addressInput),
      paths: { customerDocument: 'param.documentoCliente', addresses: 'dtos', address: dtos.map((_, index) => addressPaths(index)) },
    };
  },
  command: saveAddresses,
  view,
});
