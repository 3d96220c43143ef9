/**
 * The test's own certificate authority and a server certificate for 127.0.0.1/localhost, made with `openssl`
 * as an operator would make a private CA's certificate. Node trusts the CA through `ca` options (https.ts);
 * Chromium through the certificate's SPKI hash (`--ignore-certificate-errors-spki-list`, browser.ts).
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';

export interface TestCertificates {
  caFile: string;
  certFile: string;
  keyFile: string;
  ca: Buffer;
  /** base64 SHA-256 of the server certificate's public key (SubjectPublicKeyInfo) */
  spki: string;
  /** SHA-256 fingerprint of the server certificate (to tell which one nginx presents) */
  fingerprint: string;
}

/** runs `openssl <args>` in `dir` (the arguments contain no spaces: split on them, as they read in a shell) */
const openssl = (dir: string, args: string) => execFileSync('openssl', args.split(' '), { cwd: dir, stdio: 'pipe' });

/** A new CA in `dir` and a server certificate from it. */
export function makeCertificates(dir: string): TestCertificates {
  openssl(
    dir,
    'req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=Panel-cluster-test-CA ' +
      '-addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign ' +
      '-keyout ca.key -out ca.crt',
  );
  return issueCertificate(dir);
}

/** A server certificate with a new key from the CA in `dir`, written over the old one (a renewal). */
export function issueCertificate(dir: string): TestCertificates {
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
    fingerprint: new X509Certificate(readFileSync(certFile)).fingerprint256,
  };
}

/** The SHA-256 fingerprint of the certificate a new TLS connection to 127.0.0.1:`port` is shown. */
export function presentedFingerprint(port: number, ca: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () => {
      const fingerprint = socket.getPeerX509Certificate()?.fingerprint256 ?? '';
      socket.end();
      resolve(fingerprint);
    });
    socket.on('error', reject);
  });
}
