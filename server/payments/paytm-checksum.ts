/**
 * Paytm's checksum (their PaytmChecksum libraries, any language): SHA-256 of
 * "<payload>|<salt>" in hex with the 4-character salt appended, encrypted
 * with AES-128-CBC under the merchant key and Paytm's fixed IV, in base64.
 * Verifying decrypts, takes the salt from the end and hashes again. Every
 * JSON API request is signed over JSON.stringify of its `body`, and Paytm
 * signs its answers the same way.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const IV = '@@@@&&&&####$$$$';

/** Four characters of salt, as Paytm's own libraries make it (3 random bytes in base64). */
export function paytmSalt(): string {
  return randomBytes(3).toString('base64');
}

export function paytmSignature(payload: string, merchantKey: string, salt: string = paytmSalt()): string {
  const hashed = `${createHash('sha256').update(`${payload}|${salt}`).digest('hex')}${salt}`;
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(merchantKey, 'utf8'), Buffer.from(IV, 'utf8'));
  return Buffer.concat([cipher.update(hashed, 'utf8'), cipher.final()]).toString('base64');
}

export function isValidPaytmSignature(payload: string, merchantKey: string, signature: string): boolean {
  let decrypted: string;
  try {
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(merchantKey, 'utf8'), Buffer.from(IV, 'utf8'));
    decrypted = Buffer.concat([decipher.update(Buffer.from(signature, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    // Bad padding: not encrypted with this key.
    return false;
  }
  if (decrypted.length <= 4) return false;
  const salt = decrypted.slice(-4);
  const expected = Buffer.from(`${createHash('sha256').update(`${payload}|${salt}`).digest('hex')}${salt}`, 'utf8');
  const given = Buffer.from(decrypted, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
