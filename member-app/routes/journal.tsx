import { createFileRoute } from '@tanstack/react-router';
import { isSignedIn } from '../auth/session.ts';
import { JournalPage } from '../journal/JournalPage.tsx';
import { loadJournal } from '../journal/journal-data.ts';
import type { JournalSearch } from '../journal/journal-search.ts';
import { VisitorJournal } from '../journal/VisitorJournal.tsx';

// The router parses query values as JSON where it can (`video=1` is the number 1): read them back as text.
const text = (value: unknown) =>
  (typeof value === 'string' && value !== '') || typeof value === 'number'
    ? String(value).slice(0, 300)
    : undefined;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
// rules.ts NOTE_ID, written out: this file is in the app's first load, the rules are not.
const NOTE_ID = /^note_[A-Za-z0-9]{16}$/;

export const Route = createFileRoute('/journal')({
  staticData: { title: 'Trading Journal', skeleton: 'tabs heading sidebar' },
  // docs/product.md §2: the journal receives query parameters (saved, video, videoTitle); beyond it, symbol,
  // day and note open it on a symbol's notes, a day's notes (market time) and one of them.
  validateSearch: (search: Record<string, unknown>): JournalSearch => {
    const video = text(search.video);
    const videoTitle = text(search.videoTitle);
    const symbol = text(search.symbol)?.replace(/^\$/, '').toUpperCase();
    const day = text(search.day);
    const note = text(search.note);
    return {
      ...(search.saved === false || search.saved === 'false' ? { saved: false as const } : {}),
      ...(video ? { video } : {}),
      ...(videoTitle ? { videoTitle } : {}),
      ...(symbol ? { symbol } : {}),
      ...(day && DAY.test(day) ? { day } : {}),
      ...(note && NOTE_ID.test(note) ? { note } : {}),
    };
  },
  // Members: notes and sidebars (already on their way since start-up). A failure is only logged
  // (docs/product.md §8): the page opens with what it has.
  loader: ({ context }) =>
    isSignedIn()
      ? loadJournal(context.queryClient).catch((e: unknown) => console.warn('Journal load failed', e))
      : null,
  component: Journal,
});

function Journal() {
  const search = Route.useSearch();
  return isSignedIn() ? <JournalPage search={search} /> : <VisitorJournal />;
}
