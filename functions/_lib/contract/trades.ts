import { z } from 'zod';
import { IMPORT_BATCH, TRADE_ID, TRADE_SYMBOL } from '../trades/rules.ts';
import { ACTION_ID, MAX_ACTIONS_PER_CALL } from '../trades/stored-actions.ts';
import { MAX_TAG_NAME, MAX_TAGS_PER_TRIP, MAX_TRIPS_PER_CALL, TAG_ID, TAG_KINDS } from '../trades/tags.ts';
import { Body, type ContractEntry, numeric } from './shared.ts';

const tradeId = z.string().regex(TRADE_ID, 'use a trade id (trade_ and 16 letters or digits)');
/** An exact decimal as text: money is never a float (OTC prices go to $0.0001). Fees may be negative (rebates). */
const decimal = z.string().regex(/^-?\d{1,12}(\.\d{1,8})?$/, 'use a decimal number, e.g. 0.0042');
/** A price: an exact decimal above zero. */
const price = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, 'use a decimal number, e.g. 0.0042')
  .refine((text) => /[1-9]/.test(text), 'use a price above 0');

/**
 * docs/product.md §3 Trade, as stored and listed. Prices, fees and shares are exact decimal strings.
 * `time` is when it was executed (ms; the list's order); `updated` when the record last changed.
 * Imported executions also carry where they came from.
 */
export const Trade = z.object({
  trade_id: z.string(),
  symbol: z.string(),
  tradeType: z.enum(['buy', 'sell']),
  shares: z.string(),
  buyPrice: z.string().nullable(),
  sellPrice: z.string().nullable(),
  sellProfit: z.enum(['+', '-']).nullable(),
  fees: z.string(),
  note: z.string(),
  time: z.number(),
  updated: z.number(),
  source: z.string(),
  account: z.string().nullable(),
  intent: z.enum(['open', 'close']).nullable(),
  /** ISO currency of the prices and fees; absent on records saved before it was kept (they are USD). */
  currency: z.string().optional(),
  /**
   * True when the file gave the date alone (Schwab, Fidelity… history exports): `time` is then the
   * day's midnight in the zone it was read in, a stand-in for ordering, not a time of day (its date:
   * trades/stored-trades.ts dateOnlyDay). Absent: time known.
   */
  dateOnly: z.boolean().optional(),
  /** Imported executions: what identifies them in a re-import; null for typed trades. */
  fingerprint: z.string().nullable(),
});
export type Trade = z.infer<typeof Trade>;

/** One execution of a broker file, as the importer parsed it (functions/_lib/trades). */
export const ImportedExecution = z.object({
  broker: z.string().min(1).max(40),
  account: z.string().max(60).nullable().optional(),
  time: z.number().int().min(0).max(8_640_000_000_000),
  symbol: z.string().regex(TRADE_SYMBOL, 'use a stock symbol'),
  side: z.enum(['buy', 'sell']),
  intent: z.enum(['open', 'close']).nullable().optional(),
  /** Shares, exact: a decimal string (fractional shares), or a whole number as older clients send it. */
  qty: z.union([
    z.number().int().min(1).max(1_000_000_000_000),
    z
      .string()
      .regex(/^\d{1,13}(\.\d{1,10})?$/, 'use a number of shares, e.g. 100 or 2.5')
      .refine((text) => /[1-9]/.test(text), 'use a number of shares above 0'),
  ]),
  price,
  fees: decimal,
  /** ISO code of the price's and fees' currency (CAD for a TSX fill); USD when absent. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'use a three-letter currency code, e.g. USD')
    .optional(),
  orderId: z.string().max(80).nullable().optional(),
  execId: z.string().max(80).nullable().optional(),
  /** The 2nd, 3rd… of rows identical in every field above within one file: each is its own execution. */
  occurrence: z.number().int().min(1).max(1_000_000).optional(),
  /** The file gave the date alone: `time` is that day's midnight in the file's zone. Not in the fingerprint. */
  dateOnly: z.literal(true).optional(),
});
export type ImportedExecution = z.infer<typeof ImportedExecution>;

const tagId = z.string().max(80).regex(TAG_ID, 'use a tag id such as setup:gap-and-go');

/** A member's setup or mistake tag; its id comes from its kind and name (trades/tags.ts). */
export const TripTag = z.object({ id: z.string(), name: z.string(), kind: z.enum(TAG_KINDS) });
export type TripTag = z.infer<typeof TripTag>;

/** What a member noted on a round trip (keyed by its id, the id of its opening trade). */
/** What a member noted on a round trip: tags, the planned risk in dollars, and (once set) the planned stop and target prices. */
export const TripNote = z.object({
  tags: z.array(z.string()),
  risk: z.string().nullable(),
  stop: z.string().optional(),
  target: z.string().optional(),
});

const TripTags = z.object({ tags: z.array(TripTag), trips: z.record(z.string(), TripNote) });

/**
 * A split or symbol change the member keeps (docs/trades.md, "Splits and symbol changes"): entered
 * on /trades, or read from a file that reports it. The page's round trips apply them in time order.
 */
export const TradeAction = z.object({
  action_id: z.string(),
  kind: z.enum(['split', 'rename']),
  symbol: z.string(),
  /** The day it took effect, `YYYY-MM-DD`: without `time`, before that day's fills. */
  date: z.string(),
  /** `HH:MM:SS` when its file gave one (IBKR books splits after the close); null: the day alone. */
  time: z.string().nullable(),
  /** The instant it took effect (ms): the order of two actions. */
  at: z.number(),
  /** A split's new shares for old, exact: `10/1`, `1/10` (or a decimal, `0.1`). */
  ratio: z.string().nullable(),
  /** A split as its file printed it: the shares it added (negative: removed). */
  sharesDelta: z.string().nullable(),
  /** A rename's new symbol. */
  toSymbol: z.string().nullable(),
  /** `entered` by the member, or the format id of the file it came from. */
  source: z.string(),
  /** The file's account and currency; null: every account, every currency. */
  account: z.string().nullable(),
  currency: z.string().nullable(),
  updated: z.number(),
});
export type TradeAction = z.infer<typeof TradeAction>;

const actionId = z.string().regex(ACTION_ID, 'use an action id (action_ and 16 letters or digits)');

/** A new action: a split (`ratio`, or a file's `sharesDelta`) or a rename (`toSymbol`). */
export const TradeActionInput = z.object({
  action_id: actionId,
  kind: z.enum(['split', 'rename'], { error: 'a split or a symbol change' }),
  symbol: z.string({ error: 'Please enter a stock symbol' }).max(40),
  date: z.string({ error: 'Please enter the date it took effect' }).max(10),
  time: z
    .string()
    .regex(/^\d{2}:\d{2}:\d{2}$/, 'use a time such as 20:25:00')
    .optional(),
  at: z.number().int().min(0).max(8_640_000_000_000).optional(),
  ratio: z.string().max(40).optional(),
  sharesDelta: z
    .string()
    .regex(/^-?\d{1,13}(\.\d{1,10})?$/, 'use a number of shares, e.g. 9 or -9688')
    .optional(),
  toSymbol: z.string().max(40).optional(),
  account: z.string().min(1).max(60).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'use a three-letter currency code, e.g. USD')
    .optional(),
  source: z.string().min(1).max(40).optional(),
});
export type TradeActionInput = z.infer<typeof TradeActionInput>;

const TradeActions = z.object({ actions: z.array(TradeAction) });

/**
 * The member's answers to sales with nothing held before them, by account and symbol (`SYMBOL@ACCOUNT`,
 * trades/answer-key.ts): a short sale, or shares held before the file. Kept in their browser and on
 * the server (journal/trades/answers), so trips are matched alike wherever they are read.
 */
export const FlatSellAnswers = z
  .record(z.string().min(1).max(200), z.enum(['short', 'held']))
  .refine((answers) => Object.keys(answers).length <= 1000, 'at most 1000 answers');

/** The trade journal (docs/product.md §7 /api/journal/trades*): members only, keys under the caller's namespace. */
export const tradesApi = {
  /** Newest executed first, 100 a page; `filter` narrows by symbol, time range (ms), side and status. */
  'journal/trades': {
    method: 'POST',
    request: Body.extend({
      filter: z
        .object({
          symbol: z.string().max(20).optional(),
          from: z.number().optional(),
          to: z.number().optional(),
          side: z.enum(['buy', 'sell']).optional(),
          /** Part of a position still open, or of a closed round trip (the round-trip rule). */
          status: z.enum(['open', 'closed']).optional(),
        })
        .nullable()
        .optional(),
      page: numeric.pipe(z.number().int().min(0).max(10_000)).optional(),
    }),
    response: z.object({ trades: z.array(Trade), more: z.boolean(), total: z.number() }),
  },
  /** docs/product.md §7 trades/update: create or edit one trade (the form's rules, checked again here). */
  'journal/trades/update': {
    method: 'POST',
    request: Body.extend({
      trade_id: tradeId,
      symbol: z.string({ error: 'Please enter a stock symbol' }).max(40),
      tradeType: z.enum(['buy', 'sell'], { error: 'buy or sell' }),
      /** A buy's price; a sell's when it has none of its own (kept from before sells asked for theirs). */
      buyPrice: z.string({ error: 'Please enter a trade price' }).max(40).nullable().optional(),
      sellPrice: z.string().max(40).nullable().optional(),
      /** Commissions and fees paid: an exact amount of 0 or more; absent keeps the stored fees (0 when new). */
      fees: z.string({ error: 'Please enter valid fees: 0 or more, e.g. 1.99' }).max(40).optional(),
      shares: z.union([z.string().max(20), z.number()], { error: 'Please enter the number of shares' }),
      note: z.string().max(2000).optional(),
      sellProfit: z.string().nullable().optional(),
      updated: z.number().optional(),
      /** Executed at (ms): the past, or now within a minute of clock skew; absent keeps the stored time (now when new). */
      time: z.number().int().min(0).max(8_640_000_000_000).optional(),
    }),
    response: z.object({ trade: Trade }),
  },
  'journal/trades/delete': {
    method: 'DELETE',
    request: Body.extend({ trade_id: tradeId }),
    response: z.object({ deleted: z.boolean() }),
  },
  /**
   * Beyond the brief: parsed executions of a broker file, up to 1000 a call, all or nothing.
   * Idempotent: each execution's fingerprint (broker, account, time, symbol, side, qty, price,
   * order and execution ids) is kept, so the same file twice adds nothing. `dryRun` writes nothing
   * and answers what the same call would add: the preview's duplicate count.
   */
  'journal/trades/import': {
    method: 'POST',
    request: Body.extend({
      executions: z.array(ImportedExecution).min(1).max(IMPORT_BATCH),
      dryRun: z.boolean().optional(),
    }),
    response: z.object({ added: z.number(), duplicates: z.number(), total: z.number() }),
  },
  /** Beyond the brief: the member's tags and what they noted on each round trip (tags, planned risk). */
  'journal/trades/tags': {
    method: 'POST',
    request: Body,
    response: TripTags,
  },
  /**
   * Beyond the brief: tag round trips in bulk, all or nothing. `define` names new tags (and adds them),
   * `add`/`remove` take tag ids, `risk` sets the planned risk in dollars, `stop` and `target` the
   * planned prices (null clears each). Answers
   * every tag and the edited trips.
   */
  'journal/trades/tags/update': {
    method: 'POST',
    request: Body.extend({
      trip_ids: z
        .array(tradeId)
        .min(1, 'choose at least one trade')
        .max(MAX_TRIPS_PER_CALL, `at most ${MAX_TRIPS_PER_CALL} trades at once`),
      define: z
        .array(
          z.object({
            name: z.string().max(MAX_TAG_NAME, `a tag name has at most ${MAX_TAG_NAME} characters`),
            kind: z.enum(TAG_KINDS, { error: 'a tag is a setup or a mistake' }),
          }),
        )
        .max(MAX_TAGS_PER_TRIP, `a trade can carry at most ${MAX_TAGS_PER_TRIP} tags`)
        .optional(),
      add: z
        .array(tagId)
        .max(MAX_TAGS_PER_TRIP, `a trade can carry at most ${MAX_TAGS_PER_TRIP} tags`)
        .optional(),
      remove: z
        .array(tagId)
        .max(MAX_TAGS_PER_TRIP * 10)
        .optional(),
      risk: z
        .string()
        .regex(/^\d{1,10}(\.\d{1,4})?$/, 'use an amount in dollars, e.g. 50 or 12.50')
        .refine((text) => /[1-9]/.test(text), 'use a risk above 0')
        .nullable()
        .optional(),
      /** The planned stop and target prices (null clears one): the review draws them on the chart. */
      stop: price.nullable().optional(),
      target: price.nullable().optional(),
    }),
    response: TripTags,
  },
  /**
   * Beyond the brief: rename a tag on every round trip that carries it (its kind kept; the name of
   * another tag of that kind merges the two). Answers every tag and every noted trip.
   */
  'journal/trades/tags/rename': {
    method: 'POST',
    request: Body.extend({
      tag_id: tagId,
      name: z
        .string({ error: 'Please enter the new name' })
        .max(MAX_TAG_NAME, `a tag name has at most ${MAX_TAG_NAME} characters`),
    }),
    response: TripTags,
  },
  /** Beyond the brief: delete a tag from the member's list and from every round trip. */
  'journal/trades/tags/delete': {
    method: 'DELETE',
    request: Body.extend({ tag_id: tagId }),
    response: TripTags,
  },
  /** Beyond the brief: the member's splits and symbol changes, by date. */
  'journal/trades/actions': {
    method: 'POST',
    request: Body,
    response: TradeActions,
  },
  /**
   * Beyond the brief: add (or replace, by id) and delete splits and symbol changes, all or nothing.
   * Answers every action the member keeps.
   */
  'journal/trades/actions/update': {
    method: 'POST',
    request: Body.extend({
      add: z
        .array(TradeActionInput)
        .max(MAX_ACTIONS_PER_CALL, `at most ${MAX_ACTIONS_PER_CALL} at once`)
        .optional(),
      delete_ids: z
        .array(actionId)
        .max(MAX_ACTIONS_PER_CALL, `at most ${MAX_ACTIONS_PER_CALL} at once`)
        .optional(),
    }),
    response: TradeActions,
  },
  /**
   * Saves answers to sales with nothing held (a new answer for a key replaces the old) and queues
   * the member's MAE/MFE to be measured again when one changed; answers every stored answer.
   */
  'journal/trades/answers': {
    method: 'POST',
    request: Body.extend({
      answers: FlatSellAnswers.refine(
        (answers) => Object.keys(answers).length > 0,
        'give at least one answer',
      ),
    }),
    response: z.object({ answers: z.record(z.string(), z.enum(['short', 'held'])) }),
  },
} as const satisfies Record<string, ContractEntry>;
