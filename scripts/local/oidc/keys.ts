// The provider's signing and cookie keys, kept in {dataDir}/oidc: tokens the app holds and the browser's
// session cookie stay valid across restarts, as they do with a real tenant.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { JWKS } from 'oidc-provider';

export interface ProviderKeys {
  jwks: JWKS;
  cookieKeys: string[];
}

async function loadOrCreate<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = await create();
  try {
    // wx: two providers starting on the same dataDir at once keep the first one's keys.
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(file, 'utf8')) as T;
  }
}

export async function loadKeys(dataDir: string): Promise<ProviderKeys> {
  const dir = path.join(dataDir, 'oidc');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const jwks = await loadOrCreate<JWKS>(path.join(dir, 'jwks.json'), async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] };
  });
  const cookies = await loadOrCreate(path.join(dir, 'cookie-keys.json'), async () => ({
    keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')],
  }));
  return { jwks, cookieKeys: cookies.keys };
}
