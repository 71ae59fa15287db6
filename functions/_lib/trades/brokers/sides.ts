import type { Intent, Side } from '../executions.ts';

/** A fill's direction and what it did to the position; intent null = the label does not say. */
export interface SideLabel {
  side: Side;
  intent: Intent;
}

export const BUY: SideLabel = { side: 'buy', intent: null };
export const SELL: SideLabel = { side: 'sell', intent: null };
export const SHORT: SideLabel = { side: 'sell', intent: 'open' };
export const COVER: SideLabel = { side: 'buy', intent: 'close' };
export const BUY_OPEN: SideLabel = { side: 'buy', intent: 'open' };
export const SELL_CLOSE: SideLabel = { side: 'sell', intent: 'close' };

/**
 * Side codes of the platforms we know. A plain buy or sell follows the position (covers a short,
 * else opens or adds), as the fixture rule says for DAS `B` and Webull `Buy`.
 */
const CODES: Readonly<Record<string, SideLabel>> = {
  B: BUY,
  BUY: BUY,
  BOT: BUY,
  BOUGHT: BUY,
  LONG: BUY,
  'LONG BUY': BUY_OPEN,
  S: SELL,
  SELL: SELL,
  SLD: SELL,
  SOLD: SELL,
  'LONG SELL': SELL_CLOSE,
  SS: SHORT,
  SHORT: SHORT,
  SHRT: SHORT,
  SSHORT: SHORT,
  STO: SHORT,
  BC: COVER,
  BTC: COVER,
  COVER: COVER,
  COVERED: COVER,
  COV: COVER,
  'SHORT BUY': COVER,
  BTO: BUY_OPEN,
  STC: SELL_CLOSE,
};

/** Phrases inside longer labels and sentences (`YOU SOLD SHORT SALE ACME (ACME) (Short)`), most specific first. */
const PHRASES: readonly [RegExp, SideLabel][] = [
  // Not a bare COVER: Fidelity prints `YOU BOUGHT PROSPECTUS UNDER SEPARATE COVER …` for a plain buy.
  [/\b(?:SHORT COVER|BUY TO COVER|BOUGHT TO COVER|BUY TO CLOSE|BOUGHT TO CLOSE)\b/, COVER],
  [/\b(?:SOLD SHORT|SELL SHORT|SHORT SALE|SHORT SELL|SELL TO OPEN|SOLD TO OPEN|SOLD OPENING)\b/, SHORT],
  [/\b(?:BUY TO OPEN|BOUGHT TO OPEN|BOUGHT OPENING)\b/, BUY_OPEN],
  [/\b(?:SELL TO CLOSE|SOLD TO CLOSE|SOLD CLOSING)\b/, SELL_CLOSE],
  [/\b(?:BOUGHT|BUY|BOT)\b/, BUY],
  [/\b(?:SOLD|SELL|SLD)\b/, SELL],
];

const clean = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, ' ');

/**
 * A side read from an export that names every short sale (`Shrt`, `Short`, `SS`): there a plain sell
 * closes shares held, never a question for the member.
 */
export function shortsNamed(label: SideLabel): SideLabel {
  return label.side === 'sell' && label.intent === null ? SELL_CLOSE : label;
}

/** The side a code or a sentence names; null when it names none (a dividend, a transfer…). */
export function sideWords(text: string): SideLabel | null {
  const label = clean(text);
  const code = CODES[label];
  if (code) return code;
  for (const [phrase, side] of PHRASES) if (phrase.test(label)) return side;
  return null;
}
