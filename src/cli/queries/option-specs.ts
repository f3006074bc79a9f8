// Option specs shared by the operator queries (issue 15). No imports: command files load this at
// start-up (`caas --help` loads every command file).
export const RANGE_OPTIONS = {
  from: { type: 'string', value: 'YYYY-MM-DD', description: 'from this date on (inclusive)' },
  to: { type: 'string', value: 'YYYY-MM-DD', description: 'up to this date (inclusive)' },
} as const;

export const CSV_OPTION = { csv: { type: 'boolean', description: 'print CSV (RFC 4180) instead of a table' } } as const;

export const PARTNER_OPTION = { partner: { type: 'string', value: 'CLIENT_ID', description: "only this partner's (its client id)" } } as const;
