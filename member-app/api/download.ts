import { accessTokenForApi } from '../auth/auth-service.ts';
import { ApiError } from './client.ts';

/**
 * A file the server streams (a data or audit export), saved by the browser under `fileName`, else
 * the name the server gives. Not through callApi, which reads JSON: the body is the file. The bearer
 * token goes with it (a 401 is tried once more with a renewed token, as callApi does).
 */
export async function downloadFile(path: string, body: object, fileName?: string): Promise<void> {
  const send = (token: string | null) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const token = await accessTokenForApi();
  let response = await send(token);
  if (response.status === 401 && token) {
    const renewed = await accessTokenForApi({ refused: token });
    if (renewed) response = await send(renewed);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, data.error ?? `The download failed (${response.status})`);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const file = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = fileName ?? named ?? 'download';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
