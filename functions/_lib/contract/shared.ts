import { z } from 'zod';

/** docs/product.md §7: the member app adds the caller's custID to every body; the server never trusts it. */
export const Body = z.object({ custID: z.string().max(100).optional() });

/** docs/product.md §7 sends a userID with account changes; it is accepted and ignored (the token says who). */
export const AccountBody = Body.extend({ userID: z.string().max(200).optional() });

export const Updated = z.object({ updated: z.literal(true) });

/** A number, also when sent as a numeric string (older clients send the cursor as text). */
export const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

export type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One /api call: its method, the schema of its JSON body (or of its query string for GET) and the
 * schema of its successful answer. Errors are `{ error, …extra }` with a 4xx/5xx status.
 */
export interface ContractEntry {
  readonly method: Method;
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}
