/**
 * Why members leave (issue 33): turning autopay off may carry a reason from a short list, with
 * optional free text. It is counted (`ops:churn-reasons`, code → count) and kept in a capped list of
 * the latest (`ops:churn-recent`) by saveMembership's script, in the same write as the autopay
 * change, so a reason is counted once for each member who actually turned autopay off.
 */
export const CHURN_REASON_CODES = [
  'too-expensive',
  'not-using',
  'learned-enough',
  'found-another',
  'technical',
  'other',
] as const;

export type ChurnReasonCode = (typeof CHURN_REASON_CODES)[number];

/** What the member chose; `text` is theirs, at most CHURN_TEXT_MAX characters. */
export interface ChurnReason {
  code: ChurnReasonCode;
  text?: string | undefined;
}

export const CHURN_TEXT_MAX = 500;
/** The latest reasons kept in `ops:churn-recent`; the counts keep every one. */
export const CHURN_RECENT_MAX = 1000;

/** The words the account page shows for each code (the console shows the same). */
export const CHURN_REASON_LABELS: Record<ChurnReasonCode, string> = {
  'too-expensive': 'It costs too much',
  'not-using': "I'm not using it enough",
  'learned-enough': "I've learned what I needed",
  'found-another': 'I found another service',
  technical: 'Technical problems',
  other: 'Something else',
};

export interface RecentChurnReason {
  at: number;
  sub: string;
  code: ChurnReasonCode;
  text: string | null;
}

const isCode = (value: unknown): value is ChurnReasonCode =>
  typeof value === 'string' && (CHURN_REASON_CODES as readonly string[]).includes(value);

/** Every code with its count (0 when never given), in the list's order, from a raw HGETALL. */
export function reasonCounts(
  entries: Array<[string, string]>,
): Array<{ code: ChurnReasonCode; count: number }> {
  const counts = new Map(entries.map(([code, count]) => [code, Number(count)]));
  return CHURN_REASON_CODES.map((code) => ({ code, count: counts.get(code) ?? 0 }));
}

/** The recent list's entries that read back as reasons (anything else is skipped). */
export function parseRecent(raw: unknown): RecentChurnReason[] {
  const list = Array.isArray(raw) ? raw : [];
  const reasons: RecentChurnReason[] = [];
  for (const item of list) {
    try {
      const value = JSON.parse(String(item)) as Partial<RecentChurnReason>;
      if (typeof value.at !== 'number' || typeof value.sub !== 'string' || !isCode(value.code)) continue;
      reasons.push({
        at: value.at,
        sub: value.sub,
        code: value.code,
        text: typeof value.text === 'string' ? value.text : null,
      });
    } catch {
      // An unreadable entry is left out, never fatal.
    }
  }
  return reasons;
}
