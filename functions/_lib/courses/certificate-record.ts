import { z } from 'zod';
import { logWarning } from '../http/log.ts';
import type { Store } from '../store.ts';
import { displayName } from './display-name.ts';
import { type CertificateRecord, certificateKey } from './progress-keys.ts';

/** A certificate's id: 20 url-safe random characters (its address /certificates/{id}). */
const CERTIFICATE_ID = /^[A-Za-z0-9_-]{20}$/;

export function isCertificateId(id: string): boolean {
  return CERTIFICATE_ID.test(id);
}

// The record is written by the certificate calls; it is checked here too because every string of it
// lands in a public page and a link (the course slug), and a record of another shape must not.
const recordSchema = z.object({
  id: z.string().regex(CERTIFICATE_ID),
  course: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  courseTitle: z.string().trim().min(1).max(300),
  name: z.string().trim().min(1).max(200),
  issuedAt: z.number().int().min(0),
});

/**
 * The public record of certificate `id`, or null when the id is not of a certificate's shape, none
 * is stored (never issued, or withdrawn: its key is deleted) or what is stored is not a record.
 */
export async function readCertificate(store: Store, id: string): Promise<CertificateRecord | null> {
  if (!isCertificateId(id)) return null;
  const raw = await store.get<string>(certificateKey(id));
  if (raw === null || raw === undefined) return null;
  let parsed: z.ZodSafeParseResult<CertificateRecord>;
  try {
    parsed = recordSchema.safeParse(JSON.parse(String(raw)));
  } catch (error) {
    logWarning(`certificate ${id}: the stored record is not JSON`, error);
    return null;
  }
  if (!parsed.success || parsed.data.id !== id) {
    const fields = parsed.error?.issues.map((issue) => issue.path.join('.')).join(', ') ?? 'id';
    logWarning(`certificate ${id}: the stored record is not a certificate`, `wrong fields: ${fields}`);
    return null;
  }
  // A name issued before names were normalised is shown as it would be issued now.
  return { ...parsed.data, name: displayName(parsed.data.name) || 'A member' };
}

/**
 * The id a certificate address names: Netlify's `context.params.id` (from `config.path`'s `:id`),
 * else the segment after /certificates/ in the URL (hosts that pass no params).
 */
export function certificateIdOf(request: Request, context?: { params?: Record<string, string> }): string {
  const param = context?.params?.id;
  if (typeof param === 'string') return param;
  const segment = /^\/certificates\/([^/]+)/.exec(new URL(request.url).pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
