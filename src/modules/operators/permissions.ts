// Roles and named permissions of the console (issue 16). Roles are ordered: analyst < approver <
// admin; each permission names the lowest role that holds it. Pure: no I/O.

export const ROLES = ['analyst', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = {
  read: 'analyst',
  'proposal.refuse': 'analyst',
  'payee.review': 'analyst',
  'proposal.approve': 'approver',
  'proposal.disburse': 'approver',
  'proposal.assign': 'approver',
  'proposal.cancel': 'approver',
  'collection.mark-paid': 'approver',
  'callback.redeliver': 'approver',
  'partner.admin': 'admin',
  'operator.admin': 'admin',
  'sandbox.clock': 'admin',
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True when `role` holds `permission` (its rank is at least the permission's lowest role). */
export function can(role: Role, permission: Permission): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(PERMISSIONS[permission]);
}

/** pt-BR labels of the roles, for pages. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = { analyst: 'Analista', approver: 'Aprovador', admin: 'Administrador' };
