// Every page and action of the console: one line per page file of src/console/pages/ (each
// default-exports a PageFile, see page.ts). Keep the list sorted by file name.
import { definePage, type ConsoleEntry, type ConsoleServices, type PageFile } from './page.js';
import { html } from './html.js';
import auditoria from './pages/auditoria.js';
import bureau from './pages/bureau.js';
import callbacks from './pages/callbacks.js';
import cobranca from './pages/cobranca.js';
import conciliacao from './pages/conciliacao.js';
import confirmacoes from './pages/confirmacoes.js';
import favorecidos from './pages/favorecidos.js';
import operadores from './pages/operadores.js';
import painel from './pages/painel.js';
import parceiros from './pages/parceiros.js';
import propostas from './pages/propostas.js';
import relogio from './pages/relogio.js';

const PAGE_FILES: readonly PageFile[] = [
  // (console-pages and console-core add their files here, one line each)
  auditoria,
  bureau,
  callbacks,
  cobranca,
  conciliacao,
  confirmacoes,
  favorecidos,
  operadores,
  painel,
  parceiros,
  propostas,
  relogio,
];

/** Shown at /console until the Painel page file registers itself there. */
const placeholderHome = definePage({ path: '/console', title: 'Painel', permission: 'read', nav: 'painel', render: async () => html`<p>Bem-vindo ao console do caas.</p>` });

export function consolePages(services: ConsoleServices): ConsoleEntry[] {
  const entries = PAGE_FILES.flatMap((file) => file(services));
  const home = entries.some((e) => e.kind === 'page' && e.path === '/console') ? [] : [placeholderHome];
  return [...home, ...entries];
}
