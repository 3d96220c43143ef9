/**
 * The test's own certificate authority and a server certificate for 127.0.0.1/localhost, made with `openssl`
 * as an operator would make a private CA's certificate. Node trusts the CA through `ca` options (https.ts);
 * Chromium through the certificate's SPKI hash (`--ignore-certificate-errors-spki-list`, browser.ts).
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCertificates {
  caFile: string;
  certFile: string;
  keyFile: string;
  ca: Buffer;
  /** base64 SHA-256 of the server certificate's public key (SubjectPublicKeyInfo) */
  spki: string;
}

/** runs `openssl <args>` in `dir` (the arguments contain no spaces: split on them, as they read in a shell) */
const openssl = (dir: string, args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: 'pipe' });

export function makeCertificates(dir: string): TestCertificates {
  openssl(
    dir,
    'req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=Panel-cluster-test-CA ' +
      '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign ' +
      '-keyout ca.key -out ca.crt',
  );
  openssl(dir, 'req -newkey rsa:2048 -nodes -subj /CN=127.0.0.1 -keyout panel.key -out panel.csr');
  writeFileSync(
    path.join(dir, 'panel.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n',
  );
  openssl(
    dir,
    'x509 -req -in panel.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile panel.ext -out panel.crt',
  );
  const certFile = path.join(dir, 'panel.crt');
  const der = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: 'spki', format: 'der' });
  return {
    caFile: path.join(dir, 'ca.crt'),
    certFile,
    keyFile: path.join(dir, 'panel.key'),
    ca: readFileSync(path.join(dir, 'ca.crt')),
    spki: createHash('sha256').update(der).digest('base64'),
  };
}
