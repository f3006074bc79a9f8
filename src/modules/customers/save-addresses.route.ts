// Pessoa/SalvarEnderecos on the command runner: the wire body in, the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
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
  input: (body) => ({ customerDocument: body.param.documentoCliente ?? null, addresses: body.dtos ?? [] }),
  command: saveAddresses,
  view,
});
