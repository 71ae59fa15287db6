import type { Store } from '../store.ts';
import { imageVersion } from './certificate-image-version.ts';
import { certificatePng } from './certificate-png.ts';
import { type CertificateRecord, certificateImageKey } from './progress-keys.ts';

/**
 * A certificate's preview image is rendered once per version, not per request (~190 ms of CPU
 * each): kept in the store under the certificate's id with a digest of what the picture shows (name,
 * course, date, and the drawing's own version: certificate-image-version.ts). The page links the versioned address
 * (`preview.png?v={version}`), which never changes what it shows, so browsers and the CDN may keep
 * it a year; a rename is a new version (drawn again, replacing the kept one), a withdrawn certificate
 * answers 404 before the kept image is read, and the withdrawal and account deletion remove it.
 */

/** A kept image lives this long after it was drawn; it is drawn again when asked after that. */
const KEPT_S = 30 * 24 * 60 * 60;

/** The image, from the store when it was drawn before, else drawn now and kept. */
export async function cachedCertificatePng(store: Store, record: CertificateRecord): Promise<Uint8Array> {
  const key = certificateImageKey(record.id);
  const version = imageVersion(record);
  const kept = await store.get<string>(key);
  if (typeof kept === 'string' && kept.startsWith(`${version}:`))
    return Buffer.from(kept.slice(version.length + 1), 'base64');
  const png = await certificatePng(record);
  await store.set(key, `${version}:${Buffer.from(png).toString('base64')}`, { ex: KEPT_S });
  return png;
}
