import type { Config } from '@netlify/functions';
export default async (_req: Request) => Response.json({ ok: true });
export const config: Config = { path: '/api/health', method: ['GET'] };
