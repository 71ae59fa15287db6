import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../../scripts/local/build.ts';
import { startThrowawayProduct } from '../../scripts/local/throwaway.ts';

/** Starts the product as `npm start` does, but on throw-away stand-ins and a free port. */
export default async function globalSetup() {
  buildIfStale(fileURLToPath(new URL('../..', import.meta.url)));
  // The journeys' API answers are checked against the contract too (functions/_lib/http/handler.ts).
  process.env.API_CHECK_ANSWERS = '1';
  const product = await startThrowawayProduct();
  process.env.E2E_BASE_URL = product.url;
  process.env.E2E_REDIS_URL = product.redisUrl;
  process.env.E2E_MAIL_URL = product.mailUrl;
  process.env.E2E_MAIL_KEY = product.mailKey;
  return product.stop;
}
