// Console routes that answer a file instead of a page (outside the page contract, mounted beside
// the auth routes): GET /console/boletos/:file, the boleto slip (N.pdf) for a signed-in operator
// with the read permission. Same session rules as pages: no session → the login page.
import type { FastifyInstance } from 'fastify';
import { can } from '../../modules/operators/index.js';
import type { ConsoleServices } from '../page.js';
import { errorPage, local, LOGIN_PATH, sessionOf } from '../plugin.js';
import { sendBoletoSlip } from './cobranca.js';

export function downloadRoutes(scope: FastifyInstance, services: ConsoleServices): void {
  scope.get(local('/console/boletos/:file'), async (request, reply) => {
    const session = await sessionOf(services, request);
    if (session === null || session.mustEnrollTotp) return reply.redirect(`${LOGIN_PATH}?expirada=1`, 303);
    if (!can(session.operator.role, 'read')) return errorPage(reply, 403, 'Sem permissão', 'Seu papel não permite esta ação.');
    return (await sendBoletoSlip(services, request, reply)) ?? errorPage(reply, 404, 'Boleto não encontrado', 'Boleto desconhecido ou cancelado.');
  });
}
