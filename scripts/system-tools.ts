// Debian tools some tests need: pdftoppm (poppler-utils) and zbarimg (zbar-tools) read the
// printed boleto back; chromium renders the API reference page; openssl makes a test certificate. On a fresh machine where we are
// root with apt, `npm test` installs them itself; elsewhere it says exactly what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';

const TOOLS: { command: string; pkg: string }[] = [
  { command: 'pdftoppm', pkg: 'poppler-utils' },
  { command: 'zbarimg', pkg: 'zbar-tools' },
  { command: 'chromium', pkg: 'chromium' },
  // makes a throwaway TLS certificate for the callbacks HTTPS test
  { command: 'openssl', pkg: 'openssl' },
];

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export function ensureSystemTools(log: (line: string) => void): void {
  const missing = TOOLS.filter((t) => !has(t.command)).map((t) => t.pkg);
  if (missing.length === 0) return;
  if (os.userInfo().uid !== 0 || !has('apt-get')) {
    throw new Error(`tests need these Debian packages: ${missing.join(' ')} (apt-get install ${missing.join(' ')})`);
  }
  log(`installing test tools: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}
