// Relógio (issue 18), /console/relogio, only with CAAS_SANDBOX=true: the service clock, the real
// time and the offset; admins set it to a date or advance it N days, running what falls due on
// the way (callbacks, registrations…), exactly as `caas clock set|advance` does.
import { Type } from 'typebox';
import { recordClockMove } from '../../platform/sandbox-clock/clock-moved.js';
import { ClockMoveError, moveSandboxClock, parseClockTarget, sandboxNow, type MoveReport } from '../../platform/sandbox-clock/time-travel.js';
import { actionForm, field } from '../forms.js';
import { html, type HtmlFragment } from '../html.js';
import { defineAction, definePage, type ConsoleContext, type ConsoleEntry, type ConsoleServices } from '../page.js';
import { dateBr } from './view.js';
import { DAYS_MAX } from '../limits.js';

const PATH = '/console/relogio';
const DAY_MS = 86_400_000;

async function render(ctx: ConsoleContext): Promise<HtmlFragment> {
  const real = ctx.services.wallClock.now();
  const now = await sandboxNow(ctx.services.db, ctx.services.wallClock);
  const ahead = Math.round(((now.getTime() - real.getTime()) / DAY_MS) * 1000) / 1000;
  const summary = html`<div class="cards"><div class="card"><h2>Relógio do serviço</h2><p><time datetime="${now.toISOString()}">${dateBr(now.toISOString())}</time></p></div>
<div class="card"><h2>Hora real</h2><p>${dateBr(real.toISOString())}</p></div><div class="card"><h2>Adiantado</h2><p>${String(ahead).replace('.', ',')} dias</p></div></div>`;
  if (!ctx.can('sandbox.clock')) return summary;
  return html`${summary}
<section aria-labelledby="avancar"><h2 id="avancar">Avançar</h2>${actionForm(ctx, { action: `${PATH}/avancar`, label: 'Avançar', confirm: 'Avançar o relógio do sandbox?', className: 'stack', fields: field({ name: 'days', label: 'Dias', type: 'number', required: true, inputmode: 'numeric' }) })}</section>
<section aria-labelledby="definir"><h2 id="definir">Definir data</h2>${actionForm(ctx, { action: `${PATH}/definir`, label: 'Definir', confirm: 'Mover o relógio do sandbox para esta data?', className: 'stack', fields: field({ name: 'date', label: 'Data', type: 'date', required: true }) })}</section>
<p class="muted">O relógio só anda para a frente. O que vence no intervalo roda em ordem: callbacks, registros, vencimentos, atrasos.</p>`;
}

async function move(ctx: ConsoleContext, services: ConsoleServices, target: (from: Date) => Date | null): Promise<{ redirect: string; flash: string; flashKind?: 'error' }> {
  if (!services.config.sandbox) return { redirect: PATH, flash: 'O relógio só se move no modo sandbox (CAAS_SANDBOX=true).', flashKind: 'error' };
  const from = await sandboxNow(services.db, services.wallClock);
  const to = target(from);
  if (to === null) return { redirect: PATH, flash: 'Data inválida.', flashKind: 'error' };
  let report: MoveReport;
  try {
    report = await moveSandboxClock(services.db, services.wallClock, to, services.catchUp());
  } catch (error) {
    if (error instanceof ClockMoveError) return { redirect: PATH, flash: error.message, flashKind: 'error' };
    throw error;
  }
  await recordClockMove(services.db, services.wallClock, report, ctx.actor);
  return { redirect: PATH, flash: `Relógio em ${dateBr(report.to.toISOString())} (${report.steps} passos; callbacks ${report.handled.callbacks}, registros ${report.handled.registrations}).` };
}

export default function relogio(services: ConsoleServices): ConsoleEntry[] {
  if (!services.config.sandbox) return [];
  return [
    definePage({ path: PATH, title: 'Relógio', permission: 'read', nav: 'relogio', render }),
    defineAction({
      path: `${PATH}/avancar`,
      permission: 'sandbox.clock',
      fields: Type.Object({ days: Type.String({ pattern: '^[1-9][0-9]{0,3}$' }) }),
      run: (ctx, form) => move(ctx, services, (from) => (Number(form.days) <= DAYS_MAX ? new Date(from.getTime() + Number(form.days) * DAY_MS) : null)),
    }),
    defineAction({
      path: `${PATH}/definir`,
      permission: 'sandbox.clock',
      fields: Type.Object({ date: Type.String({ minLength: 10, maxLength: 40 }) }),
      run: (ctx, form) => move(ctx, services, () => parseClockTarget(form.date)),
    }),
  ];
}
