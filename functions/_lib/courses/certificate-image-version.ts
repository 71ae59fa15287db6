import { createHash } from 'node:crypto';
import type { CertificateRecord } from './progress-keys.ts';

/**
 * What a certificate's preview image shows, as a short digest: the `v` of its address
 * (`preview.png?v=…`) and of its key in the store (certificate-image-cache.ts). A rename or a new
 * drawing is a new version. Apart from the renderer, so the page does not bundle it.
 */

/** Bump when the drawing changes (certificate-image-svg.ts): every image is then drawn again. */
const DRAWING = '1';

export function imageVersion(record: CertificateRecord): string {
  return createHash('sha256')
    .update([DRAWING, record.name, record.courseTitle, String(record.issuedAt)].join('\u0000'))
    .digest('base64url')
    .slice(0, 12);
}
