/**
 * A push service of the tests' own (RFC 8030) on loopback over TLS, since the `web-push` library speaks https
 * only: it verifies what a real one verifies — the VAPID JWT (RFC 8292: ES256 with the `k` key, `aud` = the
 * endpoint's origin, `exp` within 24 h, a `sub`) — and decrypts the aes128gcm body (RFC 8188/8291) with the
 * subscription's private key and auth secret, as the browser would. A test subscribes "browsers" with `subscribe`
 * and reads what arrived from `received`; `answer` makes an endpoint reply with another status (404, 410, …).
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  path: string;
  ttl: number;
  urgency: string | undefined;
  /** the VAPID public key the sender signed with */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  payload: unknown;
}

interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  status: number;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** The EC public key of an uncompressed P-256 point. */
function p256Key(point: Buffer) {
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** Verifies `Authorization: vapid t=<jwt>, k=<key>`; throws with the reason. */
function checkVapid(header: string | undefined, origin: string): { key: string; claims: ReceivedPush['claims'] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error('no vapid authorization');
  const [, jwt, k] = m;
  const [h, p, s] = jwt.split('.');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { typ?: string; alg?: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: p256Key(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error('exp');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub');
  return { key: k, claims };
}

/** RFC 8291 §3.4 + RFC 8188: one record, the browser's side. */
function decrypt(body: Buffer, sub: Subscriber): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (record.length > rs) throw new Error('more than one record');
  const ecdhSecret = sub.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // padding: the last record ends with 0x02 and zeros
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end);
}

export interface FakePushService {
  origin: string;
  /** an https agent that trusts this service's self-signed certificate (sender.ts `useAgentForTests`) */
  agent: Agent;
  received: ReceivedPush[];
  /** requests refused (bad JWT, bad encryption): must stay empty */
  refused: string[];
  subscribe(name: string): FakeBrowser;
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  // a throw-away certificate for 127.0.0.1 (openssl is on every Debian the tests run on)
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });

  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subscribers.get(name);
      try {
        if (req.method !== 'POST' || !sub) throw new Error(`unknown ${req.method} ${req.url}`);
        if (sub.status >= 400) {
          res.writeHead(sub.status).end();
          return;
        }
        const vapid = checkVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl)) throw new Error('no TTL');
        const plain = decrypt(Buffer.concat(chunks), sub);
        received.push({
          path: name,
          ttl,
          urgency: req.headers.urgency as string | undefined,
          vapidKey: vapid.key,
          claims: vapid.claims,
          payload: JSON.parse(plain.toString('utf8')),
        });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        refused.push(`${name}: ${(err as Error).message}`);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });

  return {
    origin,
    agent,
    received,
    refused,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(name, { ecdh, publicKey, auth, status: 201 });
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: b64(publicKey), auth: b64(auth) } };
    },
    answer(name, status) {
      const sub = subscribers.get(name);
      if (sub) sub.status = status;
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
