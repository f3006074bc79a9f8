// Every operation the service answers (besides the token endpoint), one spec each. The route
// registry iterates this list, so an operation missing here is an operation not served.
import type { OperationSpec } from './operation-spec.js';
import { spec as createProposal } from '../../modules/proposals/create-proposal.schema.js';
import { spec as refuseProposal } from '../../modules/proposals/refuse-proposal.schema.js';
import { spec as updatePaymentAccount } from '../../modules/proposals/update-payment-account.schema.js';
import { spec as cancelProposal } from '../../modules/proposals/cancel-proposal.schema.js';
import { spec as getProposal } from '../../modules/proposals/get-proposal.schema.js';
import { spec as finalizeProposal } from '../../modules/proposals/finalize-proposal.schema.js';
import { spec as saveGuaranteeDocument } from '../../modules/proposals/save-guarantee-document.schema.js';
import { spec as saveAddresses } from '../../modules/customers/save-addresses.schema.js';
import { spec as cancelCharges } from '../../modules/receivables/collections/cancel-charges.schema.js';
import { spec as generateSingleBoleto } from '../../modules/receivables/collections/generate-single-boleto.schema.js';
import { spec as generateMultipleBoletos } from '../../modules/receivables/collections/generate-multiple-boletos.schema.js';
import { spec as generateSingleCharge } from '../../modules/receivables/collections/generate-single-charge.schema.js';
import { spec as generateMultipleCharges } from '../../modules/receivables/collections/generate-multiple-charges.schema.js';
import { spec as getScheduleDetails } from '../../modules/receivables/schedule/get-schedule-details.schema.js';
import { spec as addInstallmentLaunches } from '../../modules/receivables/payments/add-installment-launches.schema.js';
import { spec as addInstallmentLaunch } from '../../modules/receivables/payments/add-installment-launch.schema.js';
import { spec as getInstallments } from '../../modules/receivables/schedule/get-installments.schema.js';
import { spec as getBoletos } from '../../modules/receivables/collections/get-boletos.schema.js';
import { spec as queryBureau } from '../../modules/bureau/query-bureau.schema.js';
import { spec as queryScr } from '../../modules/bureau/query-scr.schema.js';
import { spec as queryFraudBase } from '../../modules/bureau/query-fraud-base.schema.js';
import { spec as registerPayee } from '../../modules/payees/register-payee.schema.js';
import { spec as getPayee } from '../../modules/payees/get-payee.schema.js';

export const ALL_SPECS: readonly OperationSpec[] = [
  createProposal,
  refuseProposal,
  updatePaymentAccount,
  cancelProposal,
  getProposal,
  finalizeProposal,
  saveGuaranteeDocument,
  saveAddresses,
  cancelCharges,
  generateSingleBoleto,
  generateMultipleBoletos,
  generateSingleCharge,
  generateMultipleCharges,
  getScheduleDetails,
  addInstallmentLaunches,
  addInstallmentLaunch,
  getInstallments,
  getBoletos,
  queryBureau,
  queryScr,
  queryFraudBase,
  registerPayee,
  getPayee,
];
