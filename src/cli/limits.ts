// Limits of the command-line faces, each named with its unit (issue 13; test/architecture/limits.test.ts).

// Used by demo/receiver.ts.
export const DEMO_RECEIVER_BODY_BYTES_MAX = 1_048_576;

// Used by commands/serve.ts.
/**
 * How far V8 may let the old generation grow past what the last full collection left alive, in
 * percent (V8's --heap-growing-percent), unless node's command line sets its own (issue 14). Left
 * to itself on a large machine V8 grows it up to 4x between collections under load.
 */
export const SERVE_HEAP_GROWTH_PERCENT_MAX = 50;
