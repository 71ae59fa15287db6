import type { IncomingMessage, ServerResponse } from 'node:http';
import { payloadTooLarge, unsupportedMediaType } from '../../functions/_lib/http/errors.ts';
import { API_SECURITY_HEADERS, json } from '../../functions/_lib/http/json-response.ts';
import type { ContentBackend } from './content-backend.ts';
import type { EditorAccess } from './editor-access.ts';
import { checkEditorCall } from './editor-calls.ts';
import { readWithin } from './request-body.ts';

/**
 * An editor call is JSON, an uploaded image in it base64 (4/3 of its size): room for a photo of
 * several MB, well under decap-server's own 50 MB, and read into memory only up to this.
 */
export const EDITOR_MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface LocalEditor {
  access: EditorAccess;
  backend: ContentBackend;
}

/**
 * One call of the content editor's backend (its Host already checked): a refusal to send, or
 * undefined once decap-server has answered. Nothing reaches decap-server before every check passed.
 */
export async function callBackend(
  { access, backend }: LocalEditor,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Response | undefined> {
  const refused = access.callRefusal(req);
  if (refused) return json({ error: refused }, 403);
  if (req.method !== 'POST')
    return json({ error: 'The editor’s backend takes POST only' }, 405, { Allow: 'POST' });
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    return json({ error: unsupportedMediaType().message }, 415);
  const body = await readWithin(req, EDITOR_MAX_BODY_BYTES);
  if (!body) return json({ error: payloadTooLarge(EDITOR_MAX_BODY_BYTES).message }, 413);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return json({ error: 'The body is not valid JSON' }, 400);
  }
  const checked = await checkEditorCall(backend.root, parsed);
  if ('refusal' in checked) return json({ error: `Refused: ${checked.refusal}` }, checked.status);
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) res.setHeader(name, value);
  await backend.run(checked.call, req, res);
  return undefined;
}
