// `caas keygen --out DIR`: a fresh RSA 2048 key pair for a partner. The service never stores the
// private key: it is written for the partner, who sends back only public.pem.
import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../io.js';
import { command } from '../spec.js';

export default command({
  name: 'keygen',
  description: 'write a partner RSA 2048 key pair: DIR/private.pem (PKCS#8), DIR/public.pem (SPKI)',
  options: { out: { type: 'string', value: 'DIR', description: 'folder to write the two files to (created if missing)', required: true } },
  run: async ({ options }, io) => {
    const dir = path.resolve(options.out);
    const privateFile = path.join(dir, 'private.pem');
    if (fs.existsSync(privateFile)) throw new CliError(`${privateFile} already exists; refusing to overwrite a private key`);
    const { generatePartnerKeyPair } = await import('../../modules/partners/index.js');
    fs.mkdirSync(dir, { recursive: true });
    const pair = await generatePartnerKeyPair();
    fs.writeFileSync(privateFile, pair.privateKeyPem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'public.pem'), pair.publicKeyPem, { mode: 0o644 });
    io.out(`wrote ${privateFile} (keep it secret) and ${path.join(dir, 'public.pem')} (send this one)`);
  },
});
