/**
 * Key of a member's answer about sales with nothing held before them: `SYMBOL@account` (symbols never
 * hold `@`). In a module of its own so the page's question needs none of the matcher.
 */
export const answerKey = (key: { symbol: string; account: string }) => `${key.symbol}@${key.account}`;
