import type { CliCommand } from '../io.js';
import { auditCommand } from './audit.js';
import { callbacksCommand } from './callbacks.js';
import { keygenCommand } from './keygen.js';
import { migrateCommand } from './migrate.js';
import { payeeCommand } from './payee.js';
import { partnerCommand } from './partner.js';
import { signingKeyCommand } from './signing-key.js';
import { proposalCommand } from './proposal.js';
import { serveCommand } from './serve.js';
import { customerCommand } from './customer.js';
import { guaranteeCommand } from './guarantee.js';
import { boletoCommand } from './boleto.js';
import { pixCommand } from './pix.js';
import { cnabCommand } from './cnab.js';
import { reconcileCommand } from './reconcile.js';

export const COMMANDS: CliCommand[] = [serveCommand, migrateCommand, keygenCommand, partnerCommand, payeeCommand, callbacksCommand, customerCommand, guaranteeCommand, auditCommand, proposalCommand, boletoCommand, pixCommand, signingKeyCommand, cnabCommand, reconcileCommand];
