import { z } from 'zod';
import type { Method } from '../../functions/_lib/contract/index.ts';

/** A contract entry for a test-only endpoint: any answer is accepted (the real entries check theirs). */
export const entry = <S extends z.ZodType>(method: Method, request: S) =>
  ({ method, request, response: z.unknown() }) as const;
