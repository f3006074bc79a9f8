// Limits of the command-line faces, each named with its unit (issue 13; test/architecture/limits.test.ts).

// Used by demo/receiver.ts.
export const DEMO_RECEIVER_BODY_BYTES_MAX = 1_048_576;
