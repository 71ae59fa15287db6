import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a running `npm start` keeps its store: the bridge's address and this run's token, in a
 * git-ignored file readable by this user only, so local tools (npm run affiliates:report) reach the
 * same data without a fixed token. Removed when `npm start` stops.
 */
export interface StoreAddress {
  url: string;
  token: string;
}

const file = (dataDir: string) => path.join(dataDir, 'store.json');

export function writeStoreAddress(dataDir: string, address: StoreAddress): void {
  writeFileSync(file(dataDir), JSON.stringify(address), { mode: 0o600 });
}

export function readStoreAddress(dataDir: string): StoreAddress | null {
  try {
    const parsed = JSON.parse(readFileSync(file(dataDir), 'utf8')) as Partial<StoreAddress>;
    return typeof parsed.url === 'string' && typeof parsed.token === 'string'
      ? { url: parsed.url, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function removeStoreAddress(dataDir: string): void {
  rmSync(file(dataDir), { force: true });
}
