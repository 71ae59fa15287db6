import type { Units } from './units.ts';

/**
 * One row of a breakdown (by symbol, tag, side, hold time…): counts and exact money. A scratch
 * (net 0) counts as a trade but neither a win nor a loss, as in the statistics.
 */
export interface Bucket {
  trades: number;
  wins: number;
  losses: number;
  gross: string;
  fees: string;
  net: string;
}

/** A trade's money in units (units.ts), read from its strings once for every bucket it falls in. */
export interface TradeMoney {
  gross: bigint;
  fees: bigint;
  net: bigint;
}

interface Tally {
  trades: number;
  wins: number;
  losses: number;
  gross: bigint;
  fees: bigint;
  net: bigint;
}

/** A breakdown being filled: `add` a trade under a key, `done` orders the keys and writes strings. */
export class BucketTable {
  private readonly tallies = new Map<string, Tally>();

  add(key: string, money: TradeMoney): void {
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { trades: 0, wins: 0, losses: 0, gross: 0n, fees: 0n, net: 0n };
      this.tallies.set(key, tally);
    }
    tally.trades++;
    if (money.net > 0n) tally.wins++;
    else if (money.net < 0n) tally.losses++;
    tally.gross += money.gross;
    tally.fees += money.fees;
    tally.net += money.net;
  }

  /** Keys in `order` when given (bands keep their natural order), else sorted as text. */
  done(units: Units, order?: readonly string[]): Record<string, Bucket> {
    const keys = order
      ? order.filter((key) => this.tallies.has(key))
      : [...this.tallies.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const out: Record<string, Bucket> = {};
    for (const key of keys) {
      const t = this.tallies.get(key) as Tally;
      out[key] = {
        trades: t.trades,
        wins: t.wins,
        losses: t.losses,
        gross: units.text(t.gross),
        fees: units.text(t.fees),
        net: units.text(t.net),
      };
    }
    return out;
  }
}
