/**
 * What a member's own Massive key and plan rate may be (MASSIVE_KEY_SOURCE=member): shared by the
 * contract (the server's check) and /account (the browser's), so no imports here.
 */

/** Massive's keys are ~32 URL-safe characters; room either side. */
export const MEMBER_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const MEMBER_KEY_RULE = 'That is not a Massive API key: 16 to 64 letters, digits, _ or -';
/** The free plan's limit (Stocks Basic: 5 calls a minute), unless the member says their plan allows more. */
export const DEFAULT_MEMBER_RATE = 5;
export const MAX_MEMBER_RATE = 1000;
export const MEMBER_RATE_RULE = `Calls a minute: a whole number from 1 to ${MAX_MEMBER_RATE} (5 on the free plan)`;
