// `caas cnab remessa [--bank N] [--out DIR] [--json]`: writes the remittance file for the bank.
// `caas cnab retorno FILE... [--json]`: imports return files (each whole and once).
// Glue only: the use cases are in src/modules/settlement (imported when a command runs).
import path from 'node:path';
import type { ImportResult } from '../../modules/settlement/index.js';
import { withCliContext } from '../context.js';
import { CliError, JSON_OPTION, printJsonOrLines } from '../io.js';
import { IDEMPOTENCY_OPTION, runOperatorOutcome } from '../operator-command.js';
import { command, group } from '../spec.js';

function line(r: ImportResult): string {
  if (r.status === 'alreadyImported') return `${r.file}: already imported (sha256 ${r.sha256.slice(0, 12)}…), nothing changed`;
  const counts = Object.entries(r.outcomes).map(([k, n]) => `${k} ${n}`).join(', ');
  return `${r.file}: bank ${r.bank}, ${r.entries} line(s) applied${counts === '' ? '' : `: ${counts}`}`;
}

export default [
  group({ name: 'cnab', description: 'exchange CNAB 240 files with the bank: boleto registration, write-offs, settlements' }),
  command({
    name: 'cnab remessa',
    description: 'write the remittance file: boletos waiting for registration, write-offs of cancelled boletos; marks them as sent',
    options: { bank: { type: 'string', value: 'N', description: 'bank code (default: CAAS_BOLETO_BANK_CODE)' }, out: { type: 'string', value: 'DIR', description: 'folder of the file (default: the current one)' }, ...IDEMPOTENCY_OPTION, ...JSON_OPTION },
    notes: ['Runs as the command settlement.remittance (audited, one run per key): the same --idempotency-key prints the first result again and writes no file.'],
    run: async ({ options }, io) => {
      if (options.bank !== undefined && !/^\d{3}$/.test(options.bank)) throw new CliError(`--bank must be a 3-digit bank code, got "${options.bank}"`);
      const { BANK_PROFILES, remittanceCommand, removingUncommitted } = await import('../../modules/settlement/index.js');
      const outDir = path.resolve(options.out ?? '.');
      const result = await removingUncommitted((written) =>
        runOperatorOutcome(io, ({ config }) => {
          const bank = options.bank ?? config.receivables.issuer.bankCode;
          if (bank !== config.receivables.issuer.bankCode) throw new CliError(`the boleto issuer is bank ${config.receivables.issuer.bankCode} (CAAS_BOLETO_BANK_CODE): no agência/conta is configured for bank ${bank}`);
          if (BANK_PROFILES[bank] === undefined) throw new CliError(`no CNAB 240 profile for bank ${bank} (known: ${Object.keys(BANK_PROFILES).join(', ')})`);
          return remittanceCommand(config.receivables, outDir, written);
        }, { bank: options.bank ?? null }, options['idempotency-key']),
      );
      printJsonOrLines(io, options.json, result, () =>
        result.path === null ? ['nothing to send: no boleto waiting for registration, no write-off pending'] : [`${result.path}: ${result.registrations} registration(s), ${result.writeOffs} write-off(s), file sequence ${result.fileSequence}`],
      );
    },
  }),
  command({
    name: 'cnab retorno',
    description: "import the bank's return files: registrations, rejections, settlements, write-offs (each file whole and once)",
    args: [{ name: 'FILE', description: 'a CNAB 240 return file', variadic: true }],
    options: { ...JSON_OPTION },
    notes: ['A file with an invalid line is refused whole; the error names the file, the line and the field.'],
    run: async ({ args, options }, io) => {
      const fs = await import('node:fs/promises');
      const { CnabError, importReturnFile } = await import('../../modules/settlement/index.js');
      const { settlementDeps } = await import('../../bindings.js');
      const results = await withCliContext(async ({ db, clock, config }) => {
        const done: ImportResult[] = [];
        for (const file of args.FILE) {
          const bytes = await fs.readFile(file).catch((e: NodeJS.ErrnoException) => {
            throw new CliError(`${file}: ${e.code ?? e.message}`);
          });
          try {
            done.push(await importReturnFile(db, clock, settlementDeps(config), path.basename(file), bytes));
          } catch (error) {
            if (error instanceof CnabError) throw new CliError(`${error.message} (file refused whole: nothing applied)`);
            throw error;
          }
        }
        return done;
      });
      printJsonOrLines(io, options.json, results, () => results.map(line));
    },
  }),
];
