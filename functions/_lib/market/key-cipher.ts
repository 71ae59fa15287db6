/**
 * Members' own Massive keys, sealed at rest (docs/market-data.md, "Whose key"; docs/security.md):
 * AES-256-GCM with node:crypto. The 256-bit key is derived from MARKET_KEY_SECRET with HKDF-SHA256,
 * so the secret may be any long random string and one secret could later seal other things under
 * another `info`. Each sealing has a fresh 96-bit IV; the member's subject is the additional data,
 * so a sealed key copied into another member's hash does not open there.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'otc-edge market key v1';
// A fixed salt: the secret is already random (HKDF's extract step needs no per-use salt here).
const SALT = 'otc-edge/market-key';

export interface KeyCipher {
  /** `v1.{iv}.{tag}.{cipher text}`, base64url parts; a new IV each time. */
  seal(plain: string, owner: string): string;
  /** The plain key, or null when the text was not sealed by this secret for this owner (tampered, another secret). */
  open(sealed: string, owner: string): string | null;
}

export function createKeyCipher(secret: string): KeyCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), text].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, owner) {
      const [version, iv, tag, text, ...rest] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined || rest.length > 0) return null;
      try {
        const ivBytes = Buffer.from(iv, 'base64url');
        const tagBytes = Buffer.from(tag, 'base64url');
        if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(owner, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // The tag did not verify: tampered, sealed for someone else or with another secret.
        return null;
      }
    },
  };
}
