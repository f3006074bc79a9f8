// The console's page contract (issue 16; shared by every page file under src/console/pages/).
//
//   ConsoleServices  what the composition root gives the console (db, clocks, config, command deps).
//   ConsoleContext   per request: { operator {id,email,name,role}, csrfToken, services, actor, ip,
//                    now, can(permission), run(definition, input, { fourEyes? }) }.
//   definePage({ path, title, permission, nav?, render(ctx, request) → Promise<HtmlFragment> })
//                    a GET page; the body is wrapped in layout() (layout.ts). 403 page without the
//                    permission.
//   defineAction({ path, permission, fields, run(ctx, form) → Promise<{ redirect, flash? }> })
//                    a POST only: the session's CSRF token is checked, then the permission (403 page
//                    otherwise), then the form against `fields` (a typebox object of strings). The
//                    form carries a hidden idempotencyKey made at render (forms.ts: hiddenFields), so
//                    a double submit replays the first result: ctx.run uses it as the runner's key.
//   ctx.run(definition, input, { fourEyes: 'payees' | 'disbursements' }) runs a CommandDefinition
//                    through runDefined with the operator as actor ({kind:'operator', id: email}).
//                    When CAAS_FOUR_EYES names that kind, it records a pending confirmation instead
//                    ({ kind: 'pending' }); another operator confirms it on "Confirmações" and the
//                    confirming operator's run executes the command.
//   A page file default-exports `(services) => ConsoleEntry[]` and is listed once in registry.ts.
import type { FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import type { Static } from 'typebox';
import type { Actor, CommandDefinition, CommandDeps } from '../platform/commands.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config/env.js';
import type { Db } from '../platform/db/pool.js';
import type { FourEyesKind, Permission, SessionOperator } from '../modules/operators/index.js';
import type { CatchUpPhase } from '../platform/sandbox-clock/time-travel.js';
import type { HtmlFragment } from './html.js';

/** Every CommandDefinition a console action may run, by name (four-eyes confirmations look them up). */
export type CommandCatalogue = Map<string, CommandDefinition<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ConsoleServices {
  db: Db;
  /** The service clock (the sandbox clock when CAAS_SANDBOX=true): what pages show and commands use. */
  clock: Clock;
  /** The real time: sessions, throttling and TOTP never travel with the sandbox clock. */
  wallClock: Clock;
  config: Config;
  /** What runDefined needs (db, clock, outbox, idempotency retention). */
  commands: CommandDeps;
  /** Filled as pages register the definitions they run (see ctx.run). */
  catalogue: CommandCatalogue;
  /** What falls due when the sandbox clock moves (compose.ts catchUpPhases, as `caas clock`). */
  catchUp: () => CatchUpPhase[];
}

export type RunOutcome<R> = { kind: 'done'; result: R; replayed: boolean } | { kind: 'pending'; confirmationId: string };

export interface RunOptions {
  /** The four-eyes kind of this action (CAAS_FOUR_EYES): a second operator confirms it. */
  fourEyes?: FourEyesKind;
  /** A one-line description of the action shown on "Confirmações" (default: the command name). */
  summary?: string;
}

export interface ConsoleContext {
  operator: SessionOperator;
  csrfToken: string;
  services: ConsoleServices;
  actor: Actor;
  ip: string;
  /** The service clock's instant at the start of the request. */
  now: Date;
  /** The permission needed by this page or action (four-eyes confirmations re-check it). */
  permission: Permission;
  /** The form's idempotency key (actions only). */
  idempotencyKey: string | undefined;
  can(permission: Permission): boolean;
  run<I, R>(definition: CommandDefinition<I, R>, input: I, options?: RunOptions): Promise<RunOutcome<R>>;
}

/** Navigation entries of the layout (layout.ts NAV). */
export type NavKey = 'painel' | 'propostas' | 'favorecidos' | 'cobranca' | 'conciliacao' | 'parceiros' | 'callbacks' | 'bureau' | 'auditoria' | 'relogio' | 'operadores' | 'confirmacoes';

export interface PageDefinition {
  kind: 'page';
  /** Under /console, e.g. "/console/parceiros" or "/console/propostas/:numero". */
  path: string;
  title: string;
  permission: Permission;
  /** The nav entry shown as current. */
  nav?: NavKey;
  render(ctx: ConsoleContext, request: FastifyRequest): Promise<HtmlFragment>;
}

export interface ActionResult {
  /** Where the browser goes next (303). */
  redirect: string;
  /** A one-line message shown on the next page. */
  flash?: string;
  /** 'error' shows the flash as an error. */
  flashKind?: 'ok' | 'error';
}

export interface ActionDefinition<S extends TObject = TObject> {
  kind: 'action';
  path: string;
  permission: Permission;
  /** The form's fields (strings), checked before run; _csrf and idempotencyKey are not listed. */
  fields: S;
  /** The CommandDefinitions this action may run (so "Confirmações" finds them after a restart). */
  commands?: readonly CommandDefinition<any, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  run(ctx: ConsoleContext, form: Static<S>, request: FastifyRequest): Promise<ActionResult>;
}

export type ConsoleEntry = PageDefinition | ActionDefinition<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What each file of src/console/pages/ default-exports. */
export type PageFile = (services: ConsoleServices) => ConsoleEntry[];

export function definePage(spec: Omit<PageDefinition, 'kind'>): PageDefinition {
  return { kind: 'page', ...spec };
}

export function defineAction<S extends TObject>(spec: Omit<ActionDefinition<S>, 'kind'>): ActionDefinition<S> {
  return { kind: 'action', ...spec };
}
