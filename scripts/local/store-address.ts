import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a running `npm start` keeps its store: the bridge's address and this run's token, in a
 * git-ignored file readable by this user only, so local tools (npm run affiliates:report, npm run
 * jobs:run) reach the same data without a fixed token. With them, the run's mail catcher and site
 * address, so a job run by hand sends to the same inbox with links to the local site. Removed when
 * `npm start` stops.
 */
export interface StoreAddress {
  url: string;
  token: string;
  /** The mail catcher's SMTP server (its port is picked at each start). */
  smtpUrl?: string;
  /** The local site (links in emails). */
  siteUrl?: string;
}

const file = (dataDir: string) => path.join(dataDir, 'store.json');

export function writeStoreAddress(dataDir: string, address: StoreAddress): void {
  writeFileSync(file(dataDir), JSON.stringify(address), { mode: 0o600 });
}

export function readStoreAddress(dataDir: string): StoreAddress | null {
  try {
    const parsed = JSON.parse(readFileSync(file(dataDir), 'utf8')) as Partial<StoreAddress>;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') return null;
    return {
      url: parsed.url,
      token: parsed.token,
      ...(typeof parsed.smtpUrl === 'string' ? { smtpUrl: parsed.smtpUrl } : {}),
      ...(typeof parsed.siteUrl === 'string' ? { siteUrl: parsed.siteUrl } : {}),
    };
  } catch {
    return null;
  }
}

export function removeStoreAddress(dataDir: string): void {
  rmSync(file(dataDir), { force: true });
}
