// `caas partner create|list|add-key|revoke-key|disable|enable|update|rotate-secret`. Every change
// runs through the command runner (src/cli/operator-command.ts): idempotent under --idempotency-key.
import fs from 'node:fs';
import type { PartnerFlags } from '../../modules/partners/index.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { IDEMPOTENCY_OPTION, runOperatorDefinition } from '../operator-command.js';
import type { CliContext } from '../context.js';
import { command, group, type OptionValues } from '../spec.js';

const admin = () => import('../../modules/partners/index.js');

/** The module's partner commands, bound to this configuration's scope aliases (the console binds the same). */
const commandsFor = async () => {
  const { partnerCommands } = await admin();
  return (cli: CliContext) => partnerCommands({ fullAccessAliases: cli.config.auth.fullScopeAliases });
};

const FLAG_OPTIONS = {
  scopes: { type: 'string', value: '"A B"', description: 'space-separated scopes the partner may use; "" = all' },
  'callback-url': { type: 'string', value: 'URL', description: 'where callbacks are sent (https); "" = none' },
  'callback-header': { type: 'string', value: '"Name: value"', description: 'a header sent with every callback; "" = none' },
  'can-refuse': { type: 'boolean', description: 'the partner may refuse its own proposals' },
  'no-can-refuse': { type: 'boolean', description: 'the partner may not refuse its proposals' },
  'auto-approve-payees': { type: 'boolean', description: "the partner's Pix payees are approved without review" },
  'no-auto-approve-payees': { type: 'boolean', description: "the partner's Pix payees wait for the service team's review" },
  'strict-fields': { type: 'boolean', description: 'refuse unknown request fields (REQ002) instead of ignoring them' },
  'no-strict-fields': { type: 'boolean', description: 'ignore unknown request fields (the default)' },
} as const;

const CLIENT_ID = [{ name: 'CLIENT_ID', description: "the partner's client_id" }] as const;

function readKey(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function flagsOf(values: Partial<OptionValues<typeof FLAG_OPTIONS>>): PartnerFlags {
  const flags: PartnerFlags = {};
  if (typeof values.scopes === 'string') flags.scopes = values.scopes.trim() === '' ? null : values.scopes.trim().split(/\s+/);
  if (typeof values['callback-url'] === 'string') flags.callbackUrl = values['callback-url'] === '' ? null : values['callback-url'];
  if (typeof values['callback-header'] === 'string') flags.callbackHeader = values['callback-header'] === '' ? null : values['callback-header'];
  if (values['can-refuse']) flags.canRefuse = true;
  if (values['no-can-refuse']) flags.canRefuse = false;
  if (values['auto-approve-payees']) flags.autoApprovePayees = true;
  if (values['no-auto-approve-payees']) flags.autoApprovePayees = false;
  if (values['strict-fields']) flags.strictFields = true;
  if (values['no-strict-fields']) flags.strictFields = false;
  return flags;
}

export default [
  group({ name: 'partner', description: 'onboard and manage partners (see docs/partners.md)' }),
  command({
    name: 'partner create',
    description: 'onboard a partner: prints its client_id and callback signing secret',
    options: {
      name: { type: 'string', value: 'NAME', description: "the partner's display name", required: true },
      'public-key': { type: 'string', value: 'FILE', description: "the partner's public key (PEM, from caas keygen)", required: true },
      'client-id': { type: 'string', value: 'ID', description: 'the client_id to give it (default: generated)' },
      ...FLAG_OPTIONS,
      ...IDEMPOTENCY_OPTION,
      ...JSON_OPTION,
    },
    run: async ({ options }, io) => {
      const publicKeyPem = readKey(options['public-key']);
      const commands = await commandsFor();
      const input = { name: options.name, publicKeyPem, ...(options['client-id'] ? { clientId: options['client-id'] } : {}), ...flagsOf(options) };
      const created = await runOperatorDefinition(io, (cli) => commands(cli).create, input, options['idempotency-key']);
      printJsonOrLines(io, options.json, created, () => [
        `client_id: ${created.clientId}`,
        `partner id: ${created.partnerId}`,
        `key id: ${created.kid}`,
        `callback signing secret (shown once): ${created.callbackSecret}`,
      ]);
    },
  }),
  command({
    name: 'partner list',
    description: 'list partners with their scopes, keys and callback address',
    options: JSON_OPTION,
    run: async ({ options }, io) => {
      const { listPartners } = await admin();
      const partners = await withCliContext(({ db }) => listPartners(db));
      printJsonOrLines(io, options.json, partners, () =>
        partners.map((p) => `${p.clientId}\t${p.name}\t${p.enabled ? 'enabled' : 'disabled'}\tscopes=${p.scopes?.join(' ') ?? '(all)'}\tkeys=${p.keys.filter((k) => !k.revokedAt).map((k) => k.kid).join(',')}\tcallback=${p.callbackUrl ?? '-'}`),
      );
    },
  }),
  command({
    name: 'partner add-key',
    description: 'add a public key to a partner (key rotation)',
    args: CLIENT_ID,
    options: { 'public-key': { type: 'string', value: 'FILE', description: 'the new public key (PEM)', required: true }, ...IDEMPOTENCY_OPTION },
    run: async ({ args, options }, io) => {
      const pem = readKey(options['public-key']);
      const commands = await commandsFor();
      const { kid } = await runOperatorDefinition(io, (cli) => commands(cli).addKey, { clientId: args.CLIENT_ID, pem }, options['idempotency-key']);
      io.out(`added key ${kid} to ${args.CLIENT_ID}`);
    },
  }),
  command({
    name: 'partner revoke-key',
    description: "revoke one of a partner's public keys",
    args: CLIENT_ID,
    options: { kid: { type: 'string', value: 'KID', description: 'the key id to revoke (see partner list)', required: true }, ...IDEMPOTENCY_OPTION },
    run: async ({ args, options }, io) => {
      const commands = await commandsFor();
      await runOperatorDefinition(io, (cli) => commands(cli).revokeKey, { clientId: args.CLIENT_ID, kid: options.kid }, options['idempotency-key']);
      io.out(`revoked key ${options.kid} of ${args.CLIENT_ID}`);
    },
  }),
  ...([false, true] as const).map((value) =>
    command({
      name: `partner ${value ? 'enable' : 'disable'}`,
      description: value ? 'let a disabled partner get tokens again' : 'refuse new tokens to a partner',
      args: CLIENT_ID,
      options: IDEMPOTENCY_OPTION,
      run: async ({ args, options }, io) => {
        const commands = await commandsFor();
        await runOperatorDefinition(io, (cli) => commands(cli)[value ? 'enable' : 'disable'], { clientId: args.CLIENT_ID }, options['idempotency-key']);
        io.out(`${args.CLIENT_ID} ${value ? 'enabled' : 'disabled'}`);
      },
    }),
  ),
  command({
    name: 'partner update',
    description: "change a partner's scopes, callback address or flags",
    args: CLIENT_ID,
    options: { ...FLAG_OPTIONS, ...IDEMPOTENCY_OPTION },
    run: async ({ args, options }, io) => {
      const commands = await commandsFor();
      await runOperatorDefinition(io, (cli) => commands(cli).update, { clientId: args.CLIENT_ID, flags: flagsOf(options) }, options['idempotency-key']);
      io.out(`${args.CLIENT_ID} updated`);
    },
  }),
  command({
    name: 'partner rotate-secret',
    description: "issue a new callback signing secret (the old ones keep signing until retired)",
    args: CLIENT_ID,
    options: { 'retire-old': { type: 'boolean', description: 'stop signing with the previous secrets' }, ...IDEMPOTENCY_OPTION },
    run: async ({ args, options }, io) => {
      const commands = await commandsFor();
      const input = { clientId: args.CLIENT_ID, retireOld: options['retire-old'] };
      const { secret } = await runOperatorDefinition(io, (cli) => commands(cli).rotateSecret, input, options['idempotency-key']);
      io.out(`new callback signing secret for ${args.CLIENT_ID} (shown once): ${secret}`);
      io.out(options['retire-old'] ? 'old secrets retired' : 'old secrets keep signing until you run rotate-secret --retire-old or retire them');
    },
  }),
];
