// The operators module: the people who use the console (accounts, argon2id passwords, TOTP,
// sessions, login throttling, roles and permissions, four-eyes confirmations). Its public entry:
// the console, the CLI and the composition root use only what is exported here.
import type { ModuleDescriptor } from '../../platform/module.js';
import { OPERATOR_COMMANDS as commands } from './operator-admin.js';
import { parseOperatorsEnv } from './settings.js';
export { can, isRole, PERMISSIONS, ROLE_LABELS, ROLES, type Permission, type Role } from './permissions.js';
export { DEFAULT_OPERATORS_SETTINGS, FOUR_EYES_KINDS, parseOperatorsEnv, type FourEyesKind, type OperatorsSettings } from './settings.js';
export { assertOperatorLimits, PASSWORD_LENGTH_MIN, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, LOGIN_FAILURES_PER_ACCOUNT_MAX, LOGIN_FAILURES_PER_IP_MAX, LOGIN_THROTTLE_WINDOW_MS, CONFIRMATIONS_LISTED_MAX } from './limits.js';
export { hashPassword, passwordProblem } from './passwords.js';
export { newTotpSecret, totpCode, totpStep, totpUri } from './totp.js';
export { newToken, sameToken, tokenHash } from './tokens.js';
export { closeSession, openSession, resumeSession, sessionAlive, type Session, type SessionOperator } from './sessions.js';
export { login, type LoginAttempt, type LoginOutcome } from './login.js';
export {
  createOperator,
  disableOperator,
  enableOperator,
  enrollTotp,
  findOperator,
  issuePasswordLink,
  listOperators,
  normalizeEmail,
  OPERATOR_COMMANDS,
  passwordLinkValid,
  resetOperatorPassword,
  roleOf,
  setOperatorPassword,
  type CreateOperatorInput,
  type OperatorSummary,
} from './operator-admin.js';
export { closeConfirmation, confirmingDefinition, findConfirmation, listConfirmations, requestConfirmation, type Confirmation, type ConfirmationRequest } from './confirmations.js';

/** What this module brings to the composition root (src/compose.ts). */
export const descriptor: ModuleDescriptor = {
  name: 'operators',
  tables: ['operators', 'operator_sessions', 'operator_login_failures', 'operator_confirmations'],
  settings: { key: 'operators', parse: parseOperatorsEnv },
  commands: () => commands,
};
