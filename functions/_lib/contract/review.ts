import { z } from 'zod';
import { RULE_KINDS } from '../courses/course-schema.ts';
import { TRADE_ID } from '../trades/rules.ts';
import { Body, type ContractEntry } from './shared.ts';
import { FlatSellAnswers } from './trades.ts';

/**
 * The trade review (docs/trades.md, "Trade review"): one closed round trip on its price chart, with
 * its fills, how far it went for and against the member (MAE/MFE) and the course rules it kept or
 * broke. Prices stay exact decimal strings (0.0003 is never 0.00); bars keep the provider's numbers.
 */

const tripId = z.string().regex(TRADE_ID, 'use a trade id (trade_ and 16 letters or digits)');

/** One bar (market-data port, functions/_lib/market/bars.ts): start (UTC ms), OHLC, volume. */
export const ReviewBar = z.object({
  t: z.number(),
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number(),
});

/** One fill of the trip, in time order: `at` the instant (ms), `time` the wall time the file printed. */
export const ReviewFill = z.object({
  id: z.string(),
  at: z.number(),
  time: z.string(),
  side: z.enum(['buy', 'sell']),
  qty: z.string(),
  price: z.string(),
  fees: z.string(),
  note: z.string(),
});

/** One excursion: per share, in dollars on the position, in percent of the average cost, in R. */
export const ExcursionFigure = z.object({
  perShare: z.string(),
  dollars: z.string(),
  percent: z.string(),
  /** MAE or MFE ÷ planned risk, when a risk is planned; null otherwise. */
  r: z.string().nullable(),
  /** When the worst (MAE) or best (MFE) price was reached (ms, a bar's start). */
  at: z.number(),
  /** The price at that moment (a bar's low or high, or a fill price in the entry/exit bar). */
  price: z.string(),
});

/**
 * MAE/MFE of a trip (functions/_lib/trades/excursions.ts). `not measurable`: opened and closed within
 * one bar, or the day is known only by date; `no data`: no bars for its time. Never estimated.
 */
export const Excursion = z.discriminatedUnion('state', [
  z.object({ state: z.literal('no data'), reason: z.string() }),
  z.object({ state: z.literal('not measurable'), reason: z.string() }),
  z.object({
    state: z.literal('measured'),
    mae: ExcursionFigure,
    mfe: ExcursionFigure,
    /** Percent of the best available exit captured (0–100, 2 decimals), winners only; null for losers. */
    efficiency: z.string().nullable(),
    /**
     * What the price offered in the 30 minutes after the last exit beyond it (per share and on the
     * shares closed, ≥ 0); null when there are no bars after the exit.
     */
    leftOnTable: z.object({ perShare: z.string(), dollars: z.string() }).nullable(),
  }),
]);
export type Excursion = z.infer<typeof Excursion>;

/** The rule kinds a lesson may teach: declared with the course schema, checked in trade-rules.ts. */
export { RULE_KINDS, type RuleKind } from '../courses/course-schema.ts';

/** A rule of a lesson the member has finished, checked on this trip. */
export const RuleCheck = z.object({
  kind: z.enum(RULE_KINDS),
  /** The rule in words, with its number: "Risk at most 1 % of the account per trade". */
  label: z.string(),
  outcome: z.enum(['kept', 'broken', 'not checked']),
  /** Why, in words, from the trip itself: "added 5,000 shares at 0.012, below the 0.014 average". */
  why: z.string(),
  lesson: z.object({
    course: z.string(),
    module: z.string(),
    lesson: z.string(),
    title: z.string(),
    href: z.string(),
  }),
});
export type RuleCheck = z.infer<typeof RuleCheck>;

/** The bars of the trip's day(s), or why there are none (the review still shows the fills). */
export const ReviewBars = z.object({
  /** `no key`: member mode (docs/market-data.md), and the member saved no Massive key of theirs yet. */
  state: z.enum(['bars', 'unknown symbol', 'unavailable', 'pending', 'no key']),
  resolution: z.enum(['minute', 'day']),
  bars: z.array(ReviewBar),
  /** The local stand-in's made-up bars: the chart says so. */
  synthetic: z.boolean(),
  /** For anything but `bars`: what the member reads ("The market-data provider is over its rate limit; try again in a minute"). */
  message: z.string().nullable(),
});

/** A trip's stored MAE/MFE: `sig` the trip it was measured for (functions/_lib/trades/trip-signature.ts). */
export const StoredExcursion = z.object({ sig: z.string(), excursion: Excursion });

export const reviewApi = {
  /**
   * The MAE/MFE of the member's round trips as the background job (and the review) last measured
   * them, by trip id; `pending` while the member is queued for the job (docs/trades.md, "MAE and
   * MFE on /trades"): the page asks again every 20 s until it is not.
   */
  'journal/trades/excursions': {
    method: 'POST',
    request: Body,
    /** `answers`: the member's stored answers to sales with nothing held (journal/trades/answers). */
    response: z.object({
      trips: z.record(z.string(), StoredExcursion),
      pending: z.boolean(),
      answers: z.record(z.string(), z.enum(['short', 'held'])),
    }),
  },
  /**
   * The rules of the lessons the member finished, checked on every closed round trip (docs/trades.md,
   * "Rules by week"): `outcomes[i]` is the trip's outcome for `rules[i]`; `sig` and `exitAt` as the
   * stored MAE/MFE's. `answers` as the review's. No rules taken: no trips.
   */
  'journal/trades/rules': {
    method: 'POST',
    request: Body.extend({ answers: FlatSellAnswers.optional() }),
    response: z.object({
      rules: z.array(RuleCheck.pick({ kind: true, label: true, lesson: true })),
      trips: z.record(
        z.string(),
        z.object({
          sig: z.string(),
          exitAt: z.number(),
          outcomes: z.array(RuleCheck.shape.outcome),
        }),
      ),
    }),
  },
  /** One closed round trip with its chart, MAE/MFE and the course's rules (docs/trades.md, "Trade review"). */
  'trades/review': {
    method: 'POST',
    /** `answers`: the page's answers to sales with nothing held, on top of the stored ones (contract/trades.ts FlatSellAnswers). */
    request: Body.extend({
      trip: tripId,
      answers: FlatSellAnswers.optional(),
    }),
    response: z.object({
      trip: z.object({
        id: z.string(),
        symbol: z.string(),
        account: z.string(),
        currency: z.string(),
        side: z.enum(['long', 'short']),
        shares: z.string(),
        entry: z.string(),
        exit: z.string(),
        avgEntry: z.string(),
        avgExit: z.string(),
        gross: z.string(),
        fees: z.string(),
        net: z.string(),
        /** The file gave dates alone: daily bars, and the time of day is unknown. */
        dateOnly: z.boolean(),
      }),
      fills: z.array(ReviewFill),
      plan: z.object({
        risk: z.string().nullable(),
        stop: z.string().nullable(),
        target: z.string().nullable(),
      }),
      tags: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(['setup', 'mistake']) })),
      bars: ReviewBars,
      excursion: Excursion,
      rules: z.array(RuleCheck),
    }),
  },
} satisfies Record<string, ContractEntry>;
