// Cancellation through the provider: before receivables' charge-cancellation job (the asynchronous
// half of CancelarCobrancas / FGTS/CancelarCobrancas, and of a schedule's cancellation or pay-off,
// receivables' cancelLiveCollections) writes a provider-backed Pix charge off, the
// charge is removed at the provider (PATCH /cobv|cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR).
// A provider failure throws: the job is retried with its backoff and the charge stays
// "cancelling" (callback 9 only once the provider removed it). A charge the provider no longer
// holds as active (paid meanwhile, or removed) is cancelled here anyway: a pix arriving for it
// becomes an unmatched receipt, never lost.
import type { JobHandler } from '../../../platform/jobs.js';
import type { PixApiClient } from './api-client.js';
import { PixHttpError } from './https-json.js';
import { isProviderCharge } from '../../receivables/index.js';


async function removeAtProvider(client: PixApiClient, txid: string): Promise<void> {
  for (const kind of ['cobv', 'cob'] as const) {
    try {
      await client.cancel(kind, txid);
      return;
    } catch (error) {
      if (!(error instanceof PixHttpError) || error.status === null || error.status >= 500 || error.status === 401) throw error;
      if (error.status === 404) continue; // not a charge of this kind
      const current = kind === 'cobv' ? await client.getCobv(txid) : await client.getCob(txid);
      if (current.status === 'ATIVA') throw error;
      return;
    }
  }
}

export function removingAtProvider(client: PixApiClient, cancelCharges: JobHandler): JobHandler {
  return async (payload, ctx) => {
    const { partnerId, chargeIds } = payload as { partnerId: string; chargeIds: string[] };
    const charges = await ctx.tx.selectFrom('receivable_charges').select(['status', 'via_boleto', 'pix_txid']).where('partner_id', '=', partnerId).where('id', 'in', chargeIds.length === 0 ? [''] : chargeIds).execute();
    for (const c of charges) {
      if (c.status === 'cancelling' && isProviderCharge(c)) await removeAtProvider(client, c.pix_txid!);
    }
    await cancelCharges(payload, ctx);
  };
}
