/** The journal's address (validated by routes/journal.tsx): what the page shows is read from it. */
export interface JournalSearch {
  /** docs/product.md §4: `saved=false` in the address while there are unsaved changes. */
  saved?: false;
  video?: string;
  videoTitle?: string;
  /** Opens the journal on one symbol's notes and trades (links from the trade table). */
  symbol?: string;
  /** `YYYY-MM-DD` in market time: the notes last saved that day (the trade calendar, a round trip). */
  day?: string;
  /** The note to open among those listed. */
  note?: string;
}

/**
 * What a link into the journal asks to open (a symbol, a day, a note among them), as one key: a new
 * key opens its newest note (or the one named). Null when the address names neither a symbol nor a day.
 */
export const focusKeyOf = ({ symbol, day, note }: JournalSearch): string | null =>
  symbol || day ? `${symbol ?? ''}|${day ?? ''}|${note ?? ''}` : null;
