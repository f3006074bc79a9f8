// `caas keygen --out DIR`: a fresh RSA 2048 key pair for a partner. The service never stores the
// private key: it is written for the partner, who sends back only public.pem.
import fs from 'node:fs';
import path from 'node:path';
import { generatePartnerKeyPair } from '../../modules/auth/keys.js';
import { CliError, parseOptions, type CliCommand } from '../io.js';

export const keygenCommand: CliCommand = {
  name: 'keygen',
  usage: 'keygen --out DIR',
  summary: 'write a partner RSA 2048 key pair: DIR/private.pem (PKCS#8), DIR/public.pem (SPKI)',
  run: async (argv, io) => {
    const { values } = parseOptions(argv, { out: { type: 'string' } }, false);
    if (!values.out) throw new CliError('--out DIR is required');
    const dir = path.resolve(values.out);
    const privateFile = path.join(dir, 'private.pem');
    if (fs.existsSync(privateFile)) throw new CliError(`${privateFile} already exists; refusing to overwrite a private key`);
    fs.mkdirSync(dir, { recursive: true });
    const pair = await generatePartnerKeyPair();
    fs.writeFileSync(privateFile, pair.privateKeyPem, { mode: 0o600 });
    fs.writeFileSync(path.join(dir, 'public.pem'), pair.publicKeyPem, { mode: 0o644 });
    io.out(`wrote ${privateFile} (keep it secret) and ${path.join(dir, 'public.pem')} (send this one)`);
    return 0;
  },
};
