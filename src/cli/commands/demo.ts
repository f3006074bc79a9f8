// `caas demo` (`npm run demo`, issue 15): the whole partner flow against a running server, or one
// it starts itself (src/cli/demo/run-demo.ts).
import { CliError } from '../io.js';
import { command } from '../spec.js';

const TIMEOUT_RE = /^\d{1,4}$/;

export default command({
  name: 'demo',
  description: 'walk the partner flow (token → create → approve → disburse → boleto → pay → details → callbacks) on a real server',
  options: {
    url: { type: 'string', value: 'URL', description: 'a running caas (default: $CAAS_URL, else PUBLIC_URL if it answers, else one started here)' },
    'out-dir': { type: 'string', value: 'DIR', description: "where the demo partner's keys and the boleto PDF go (default: <CAAS_DATA_DIR>/demo)" },
    'callback-timeout': { type: 'string', value: 'SECONDS', description: 'how long to wait for the callbacks (default 60)' },
  },
  notes: ['Onboards a new demo partner each run and leaves its data behind for `caas proposal list`.'],
  run: async ({ options }, io) => {
    const timeout = options['callback-timeout'] ?? '60';
    if (!TIMEOUT_RE.test(timeout)) throw new CliError(`--callback-timeout must be whole seconds, got "${timeout}"`);
    const { runDemo } = await import('../demo/run-demo.js');
    // CAAS_URL is read here, at the edge, like the command-line option it stands for.
    return runDemo({ url: options.url ?? (process.env.CAAS_URL || undefined), outDir: options['out-dir'], callbackTimeoutMs: Number(timeout) * 1000 }, io);
  },
});
