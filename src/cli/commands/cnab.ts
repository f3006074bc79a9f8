// `caas cnab remessa [--bank N] [--out DIR] [--json]`: writes the remittance file for the bank.
// `caas cnab retorno FILE... [--json]`: imports return files (each whole and once).
// Glue only: the use cases are in src/modules/settlement.
import fs from 'node:fs/promises';
import path from 'node:path';
import { BANK_PROFILES, CnabError, importReturnFile, makeRemittance, type ImportResult } from '../../modules/settlement/index.js';
import { receivablesDeps } from '../../modules/receivables/receivables-wiring.js';
import { withCliContext } from '../context.js';
import { CliError, parseOptions, printJsonOrLines, type CliCommand, type CliIo } from '../io.js';

const USAGE = ['cnab remessa [--bank N] [--out DIR] [--json]', 'cnab retorno FILE... [--json]'].join('\n       caas ');

async function remessa(argv: string[], io: CliIo): Promise<number> {
  const { values } = parseOptions(argv, { bank: { type: 'string' }, out: { type: 'string' }, json: { type: 'boolean' } }, false);
  if (values.bank !== undefined && !/^\d{3}$/.test(values.bank)) throw new CliError(`--bank must be a 3-digit bank code, got "${values.bank}"`);
  const result = await withCliContext(({ db, clock, config }) => {
    const bank = values.bank ?? config.receivables.issuer.bankCode;
    if (bank !== config.receivables.issuer.bankCode) throw new CliError(`the boleto issuer is bank ${config.receivables.issuer.bankCode} (CAAS_BOLETO_BANK_CODE): no agência/conta is configured for bank ${bank}`);
    if (BANK_PROFILES[bank] === undefined) throw new CliError(`no CNAB 240 profile for bank ${bank} (known: ${Object.keys(BANK_PROFILES).join(', ')})`);
    return makeRemittance(db, clock, config.receivables, bank, path.resolve(values.out ?? '.'));
  });
  printJsonOrLines(io, values.json === true, result, () =>
    result.path === null ? ['nothing to send: no boleto waiting for registration, no write-off pending'] : [`${result.path}: ${result.registrations} registration(s), ${result.writeOffs} write-off(s), file sequence ${result.fileSequence}`],
  );
  return 0;
}

function line(r: ImportResult): string {
  if (r.status === 'alreadyImported') return `${r.file}: already imported (sha256 ${r.sha256.slice(0, 12)}…), nothing changed`;
  const counts = Object.entries(r.outcomes).map(([k, n]) => `${k} ${n}`).join(', ');
  return `${r.file}: bank ${r.bank}, ${r.entries} line(s) applied${counts === '' ? '' : `: ${counts}`}`;
}

async function retorno(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' } });
  if (positionals.length === 0) throw new CliError(`usage: caas ${USAGE}`);
  const results = await withCliContext(async ({ db, clock, config }) => {
    const done: ImportResult[] = [];
    for (const file of positionals) {
      const bytes = await fs.readFile(file).catch((e: NodeJS.ErrnoException) => {
        throw new CliError(`${file}: ${e.code ?? e.message}`);
      });
      try {
        done.push(await importReturnFile(db, clock, receivablesDeps(config), path.basename(file), bytes));
      } catch (error) {
        if (error instanceof CnabError) throw new CliError(`${error.message} (file refused whole: nothing applied)`);
        throw error;
      }
    }
    return done;
  });
  printJsonOrLines(io, values.json === true, results, () => results.map(line));
  return 0;
}

export const cnabCommand: CliCommand = {
  name: 'cnab',
  usage: 'cnab remessa [--bank N] [--out DIR] | retorno FILE...',
  summary: 'exchange CNAB 240 files with the bank (boleto registration, write-offs, settlements)',
  run: async (argv, io) => {
    const [sub, ...rest] = argv;
    if (sub === 'remessa') return remessa(rest, io);
    if (sub === 'retorno') return retorno(rest, io);
    throw new CliError(`usage: caas ${USAGE}`);
  },
};
