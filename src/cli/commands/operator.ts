// `caas operator create|list|disable|enable|reset-password`: the console's operators (docs/console.md).
// Account changes run through the runner (idempotent under --idempotency-key, audited); the
// password comes from standard input (--password-stdin) or is set by the operator through a
// one-time link this command prints (valid 24 h). Passwords and link tokens never enter an
// idempotency record: they are set by keyless commands (src/modules/operators/operator-admin.ts).
import type { CommandDefinition } from '../../platform/commands.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines, type CliIo } from '../io.js';
import { IDEMPOTENCY_OPTION, operatorName, runOperatorDefinition } from '../operator-command.js';
import { command, group } from '../spec.js';

const operators = () => import('../../modules/operators/index.js');
const EMAIL = [{ name: 'EMAIL', description: "the operator's e-mail" }] as const;
const PASSWORD_STDIN = { 'password-stdin': { type: 'boolean', description: 'read the password from standard input (first line) instead of printing a set-password link' } } as const;

async function readStdinPassword(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('--password-stdin reads a pipe: echo "…" | caas operator create … --password-stdin');
  let text = '';
  for await (const chunk of process.stdin) text += chunk.toString();
  const password = text.split(/\r?\n/)[0] ?? '';
  const { passwordProblem } = await operators();
  const problem = passwordProblem(password);
  if (problem !== null) throw new CliError(problem);
  return password;
}

/** Runs a keyless operator command (password, link): nothing of its input is stored. */
async function runKeyless<I, R>(definition: CommandDefinition<I, R>, input: I): Promise<{ result: R; publicUrl: string }> {
  const { runDefined } = await import('../../platform/commands.js');
  const actor = { kind: 'operator' as const, id: operatorName() ?? 'operator', source: 'cli' };
  return withCliContext(async (cli) => ({ result: (await runDefined({ db: cli.db, clock: cli.wallClock }, definition, input, actor)).result, publicUrl: cli.config.publicUrl }));
}

/** Sets the password from stdin, or issues a one-time link and prints it. */
async function passwordStep(io: CliIo, email: string, fromStdin: boolean): Promise<void> {
  const { hashPassword, issuePasswordLink, newToken, setOperatorPassword, tokenHash } = await operators();
  if (fromStdin) {
    const passwordHash = await hashPassword(await readStdinPassword());
    await runKeyless(setOperatorPassword, { email, passwordHash });
    io.out(`password of ${email} set`);
    return;
  }
  const token = newToken();
  const { result, publicUrl } = await runKeyless(issuePasswordLink, { email, tokenHash: tokenHash(token) });
  io.out(`set-password link for ${email} (shown once, valid until ${result.expiresAt}):`);
  io.out(`${publicUrl}/console/senha?t=${token}`);
}

export default [
  group({ name: 'operator', description: 'people who use the web console at /console (docs/console.md)' }),
  command({
    name: 'operator create',
    description: 'create a console operator; sets the password from stdin or prints a one-time link',
    options: {
      email: { type: 'string', value: 'EMAIL', description: "the operator's e-mail (the login)", required: true },
      name: { type: 'string', value: 'NAME', description: 'the name shown in the console and the audit', required: true },
      role: { type: 'string', value: 'ROLE', description: 'analyst, approver or admin', required: true },
      ...PASSWORD_STDIN,
      ...IDEMPOTENCY_OPTION,
      ...JSON_OPTION,
    },
    run: async ({ options }, io) => {
      const { createOperator, isRole } = await operators();
      if (!isRole(options.role)) throw new CliError('--role must be analyst, approver or admin');
      const created = await runOperatorDefinition(io, () => createOperator, { email: options.email, name: options.name, role: options.role }, options['idempotency-key']);
      printJsonOrLines(io, options.json, created, () => [`operator ${created.email} (${created.role}) created`]);
      // A replay (same key) after the password was set prints nothing more.
      const { findOperator } = await operators();
      const now = await withCliContext(({ db }) => findOperator(db, created.email));
      if (now !== null && !now.hasPassword) await passwordStep(io, created.email, options['password-stdin']);
    },
  }),
  command({
    name: 'operator list',
    description: 'list operators with their role, state, password and TOTP',
    options: JSON_OPTION,
    run: async ({ options }, io) => {
      const { listOperators } = await operators();
      const list = await withCliContext(({ db }) => listOperators(db));
      printJsonOrLines(io, options.json, list, () => list.map((o) => `${o.email}\t${o.name}\t${o.role}\t${o.enabled ? 'enabled' : 'disabled'}\tpassword=${o.hasPassword ? 'set' : 'unset'}\ttotp=${o.hasTotp ? 'on' : 'off'}`));
    },
  }),
  ...([false, true] as const).map((enabled) =>
    command({
      name: `operator ${enabled ? 'enable' : 'disable'}`,
      description: enabled ? 'let a disabled operator log in again' : 'refuse logins and end the sessions of an operator',
      args: EMAIL,
      options: IDEMPOTENCY_OPTION,
      run: async ({ args, options }, io) => {
        const { disableOperator, enableOperator } = await operators();
        await runOperatorDefinition(io, () => (enabled ? enableOperator : disableOperator), { email: args.EMAIL }, options['idempotency-key']);
        io.out(`${args.EMAIL} ${enabled ? 'enabled' : 'disabled'}`);
      },
    }),
  ),
  command({
    name: 'operator reset-password',
    description: 'clear the password and TOTP, end the sessions, and set a new password (stdin) or print a link',
    args: EMAIL,
    options: { ...PASSWORD_STDIN, ...IDEMPOTENCY_OPTION },
    run: async ({ args, options }, io) => {
      const { resetOperatorPassword } = await operators();
      const reset = await runOperatorDefinition(io, () => resetOperatorPassword, { email: args.EMAIL }, options['idempotency-key']);
      await passwordStep(io, reset.email, options['password-stdin']);
    },
  }),
];
