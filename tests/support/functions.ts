import { readdirSync } from 'node:fs';
import { type ApiName, api } from '../../functions/_lib/contract/index.ts';
import type { Access, Endpoint } from '../../functions/_lib/http/handler.ts';

export interface LoadedFunction {
  file: string;
  name: ApiName;
  handler: (request: Request) => Promise<Response>;
  /** Undefined for a function not built with defineEndpoint (the Stripe webhook). */
  access: Access | undefined;
}

/**
 * Functions that are not /api calls: public pages (no contract entry, no token, HTML or an image;
 * their own tests: tests/functions/certificate-page.test.ts) and scheduled jobs (`config.schedule`,
 * no path; tests/functions/operator-figures.test.ts).
 */
export const NON_API_FUNCTIONS = new Set([
  'certificate-page.ts',
  'certificate-image.ts',
  'operator-snapshot.ts',
  'mail-drain.ts',
  'billing-local-renewals.ts',
  'mail-renewal-reminders.ts',
  'mail-card-expiring.ts',
  'market-sync.ts',
]);

/**
 * Every /api file in functions/, imported as Netlify loads it, with its contract name (the file
 * name with '-' → '/'): a new endpoint joins every suite that enumerates them without editing the
 * suite. A file that is neither a contract entry nor in NON_API_FUNCTIONS fails every suite.
 */
export async function loadFunctions(): Promise<LoadedFunction[]> {
  const root = new URL('../../functions/', import.meta.url);
  const files = readdirSync(root)
    .filter((file) => file.endsWith('.ts') && !NON_API_FUNCTIONS.has(file))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const handler = (await import(new URL(file, root).href)).default as Partial<Endpoint<never>> &
        ((request: Request) => Promise<Response>);
      const name = file.replace(/\.ts$/, '').replaceAll('-', '/') as ApiName;
      if (!(name in api)) throw new Error(`functions/${file} has no contract entry named '${name}'`);
      return { file, name, handler, access: handler.access };
    }),
  );
}
