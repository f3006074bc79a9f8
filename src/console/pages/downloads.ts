// Console routes that answer a file instead of a page (outside the page contract, mounted beside
// the auth routes): GET /console/boletos/:file, the boleto slip (N.pdf), and
// GET /console/conciliacao.csv?data=…, the reconciliation as `caas reconcile --csv` prints it, for a
// signed-in operator with the read permission. Same session rules as pages: no session → the login page.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../modules/operators/index.js';
import { reconcile, reconciliationCsv } from '../../modules/settlement/index.js';
import type { ConsoleServices } from '../page.js';
import { errorPage, local, LOGIN_PATH, sessionOf } from '../plugin.js';
import { sendBoletoSlip } from './cobranca.js';
import { RECONCILIATION_PATH, reconciliationDate } from './conciliacao.js';
import { queryOf } from './view.js';

type Download = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

function readerOnly(services: ConsoleServices, send: Download): Download {
  return async (request, reply) => {
    const session = await sessionOf(services, request);
    if (session === null || session.mustEnrollTotp) return reply.redirect(`${LOGIN_PATH}?expirada=1`, 303);
    if (!can(session.operator.role, 'read')) return errorPage(reply, 403, 'Sem permissão', 'Seu papel não permite esta ação.');
    return send(request, reply);
  };
}

export function downloadRoutes(scope: FastifyInstance, services: ConsoleServices): void {
  scope.get(
    local('/console/boletos/:file'),
    readerOnly(services, async (request, reply) => (await sendBoletoSlip(services, request, reply)) ?? errorPage(reply, 404, 'Boleto não encontrado', 'Boleto desconhecido ou cancelado.')),
  );
  scope.get(
    local(`${RECONCILIATION_PATH}.csv`),
    readerOnly(services, async (request, reply) => {
      const date = reconciliationDate(queryOf(request), services.clock.now());
      if (date === null) return errorPage(reply, 400, 'Data inválida', 'Informe a data como AAAA-MM-DD.');
      const rows = reconciliationCsv(await reconcile(services.db, date));
      return reply.code(200).header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="conciliacao-${date}.csv"`).send(`${rows.join('\n')}\n`);
    }),
  );
}
