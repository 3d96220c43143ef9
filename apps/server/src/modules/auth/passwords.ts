/**
 * Password hashing: argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane), PHC strings in
 * users.password_hash. A login for an unknown user still runs one verification so the answer takes as long as
 * for a wrong password and does not reveal which usernames exist.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (an ambient const enum, not importable as a value)

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of one verification and answers false (unknown user). */
export async function dummyVerify(plain: string): Promise<false> {
  dummyHash ??= hashPassword('panel-dummy-password-for-timing');
  await verifyPassword(await dummyHash, plain);
  return false;
}
