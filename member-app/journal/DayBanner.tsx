import { tradeTimeZone } from '../trades/time-zone.ts';
import { dayTitle } from './day-title.ts';

/** `America/New_York` → `New York`. */
const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

/** The day the list is narrowed to, and × to go back to every day. */
export function DayBanner({ day, onClear }: { day: string; onClear: () => void }) {
  return (
    <p className="journal-day" aria-live="polite">
      <span>
        Saved on <strong>{dayTitle(day)}</strong>{' '}
        {/* The day is the trade journal's (market time), which may not be this device's. */}
        <span className="muted">({zoneName(tradeTimeZone())} time)</span>
      </span>
      <button
        type="button"
        className="journal-filter__delete"
        aria-label="Show notes from every day"
        onClick={onClear}
      >
        ×
      </button>
    </p>
  );
}
