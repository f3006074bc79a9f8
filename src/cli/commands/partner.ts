// `caas partner create|list|add-key|revoke-key|disable|enable|update|rotate-secret`.
import fs from 'node:fs';
import {
  addPartnerKey,
  createPartner,
  listPartners,
  revokePartnerKey,
  rotateCallbackSecret,
  setPartnerEnabled,
  updatePartner,
  type PartnerFlags,
} from '../../modules/auth/partner-admin.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';

const FLAG_OPTIONS = {
  scopes: { type: 'string' },
  'callback-url': { type: 'string' },
  'callback-header': { type: 'string' },
  'can-refuse': { type: 'boolean' },
  'no-can-refuse': { type: 'boolean' },
  'auto-approve-payees': { type: 'boolean' },
  'no-auto-approve-payees': { type: 'boolean' },
  'strict-fields': { type: 'boolean' },
  'no-strict-fields': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

function readKey(file: string | undefined): string {
  if (!file) throw new CliError('--public-key FILE is required');
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

function flagsOf(values: Record<string, string | boolean | undefined>): PartnerFlags {
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

function onePositional(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new CliError(`expected exactly one ${what}`);
  return positionals[0] as string;
}

type Sub = (argv: string[], io: CliIo) => Promise<number>;

const create: Sub = async (argv, io) => {
  const { values } = parseOptions(argv, { ...FLAG_OPTIONS, name: { type: 'string' }, 'public-key': { type: 'string' }, 'client-id': { type: 'string' } }, false);
  if (!values.name) throw new CliError('--name NAME is required');
  const publicKeyPem = readKey(values['public-key']);
  const created = await withCliContext(({ db, clock, config }) =>
    createPartner(db, clock, { name: values.name as string, publicKeyPem, ...(values['client-id'] ? { clientId: values['client-id'] } : {}), ...flagsOf(values) }, { fullAccessAliases: config.fullScopeAliases }),
  );
  printJsonOrLines(io, values.json === true, created, () => [
    `client_id: ${created.clientId}`,
    `partner id: ${created.partnerId}`,
    `key id: ${created.kid}`,
    `callback signing secret (shown once): ${created.callbackSecret}`,
  ]);
  return 0;
};

const list: Sub = async (argv, io) => {
  const { values } = parseOptions(argv, { json: { type: 'boolean' } }, false);
  const partners = await withCliContext(({ db }) => listPartners(db));
  printJsonOrLines(io, values.json === true, partners, () =>
    partners.map((p) => `${p.clientId}\t${p.name}\t${p.enabled ? 'enabled' : 'disabled'}\tscopes=${p.scopes?.join(' ') ?? '(all)'}\tkeys=${p.keys.filter((k) => !k.revokedAt).map((k) => k.kid).join(',')}\tcallback=${p.callbackUrl ?? '-'}`),
  );
  return 0;
};

const addKey: Sub = async (argv, io) => {
  const { values, positionals } = parseOptions(argv, { 'public-key': { type: 'string' } });
  const clientId = onePositional(positionals, 'CLIENT_ID');
  const pem = readKey(values['public-key']);
  const kid = await withCliContext(({ db, clock }) => addPartnerKey(db, clock, clientId, pem));
  io.out(`added key ${kid} to ${clientId}`);
  return 0;
};

const revokeKey: Sub = async (argv, io) => {
  const { values, positionals } = parseOptions(argv, { kid: { type: 'string' } });
  const clientId = onePositional(positionals, 'CLIENT_ID');
  if (!values.kid) throw new CliError('--kid KID is required');
  await withCliContext(({ db, clock }) => revokePartnerKey(db, clock, clientId, values.kid as string));
  io.out(`revoked key ${values.kid} of ${clientId}`);
  return 0;
};

const enabled =
  (value: boolean): Sub =>
  async (argv, io) => {
    const { positionals } = parseOptions(argv, {});
    const clientId = onePositional(positionals, 'CLIENT_ID');
    await withCliContext(({ db, clock }) => setPartnerEnabled(db, clock, clientId, value));
    io.out(`${clientId} ${value ? 'enabled' : 'disabled'}`);
    return 0;
  };

const update: Sub = async (argv, io) => {
  const { values, positionals } = parseOptions(argv, FLAG_OPTIONS);
  const clientId = onePositional(positionals, 'CLIENT_ID');
  await withCliContext(({ db, clock, config }) => updatePartner(db, clock, clientId, flagsOf(values), { fullAccessAliases: config.fullScopeAliases }));
  io.out(`${clientId} updated`);
  return 0;
};

const rotateSecret: Sub = async (argv, io) => {
  const { values, positionals } = parseOptions(argv, { 'retire-old': { type: 'boolean' } });
  const clientId = onePositional(positionals, 'CLIENT_ID');
  const secret = await withCliContext(({ db, clock }) => rotateCallbackSecret(db, clock, clientId, values['retire-old'] === true));
  io.out(`new callback signing secret for ${clientId} (shown once): ${secret}`);
  io.out(values['retire-old'] ? 'old secrets retired' : 'old secrets keep signing until you run rotate-secret --retire-old or retire them');
  return 0;
};

const SUBCOMMANDS: Record<string, Sub> = { create, list, 'add-key': addKey, 'revoke-key': revokeKey, disable: enabled(false), enable: enabled(true), update, 'rotate-secret': rotateSecret };

export const partnerCommand: CliCommand = {
  name: 'partner',
  usage: 'partner create|list|add-key|revoke-key|disable|enable|update|rotate-secret',
  summary: 'onboard and manage partners (see docs/partners.md)',
  run: async ([sub, ...rest], io) => {
    const handler = sub ? SUBCOMMANDS[sub] : undefined;
    if (!handler) throw new CliError(`usage: caas partner ${Object.keys(SUBCOMMANDS).join('|')} …\n  create --name NAME --public-key FILE [--client-id ID] [--scopes "a b"] [--callback-url URL] [--callback-header "Name: value"] [--can-refuse] [--auto-approve-payees] [--strict-fields] [--json]\n  list [--json]\n  add-key CLIENT_ID --public-key FILE\n  revoke-key CLIENT_ID --kid KID\n  disable|enable CLIENT_ID\n  update CLIENT_ID [--scopes "a b"] [--callback-url URL] [--callback-header "Name: value"] [--can-refuse|--no-can-refuse] [--auto-approve-payees|--no-auto-approve-payees] [--strict-fields|--no-strict-fields]\n  rotate-secret CLIENT_ID [--retire-old]`);
    return handler(rest, io);
  },
};
