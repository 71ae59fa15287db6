import type { TripTag } from '../../functions/_lib/contract/index.ts';
import type { TripFilters } from './trip-filters.ts';

const PERIOD_LABELS: ReadonlyArray<[TripFilters['period'], string]> = [
  ['all', 'All time'],
  ['today', 'Today'],
  ['week', 'This week'],
  ['month', 'This month'],
  ['ytd', 'Year to date'],
  ['custom', 'Custom'],
];

/**
 * The page's filters (kept in the URL by the page): every card, table and chart follows them.
 * Labels differ from the executions table's own filters so each control has one name on the page.
 */
export function TripFiltersBar({
  filters,
  onChange,
  tags,
  symbols,
  currencies,
}: {
  filters: TripFilters;
  /** `replace`: typing in a text box replaces the history entry instead of adding one a keystroke. */
  onChange: (next: TripFilters, replace?: boolean) => void;
  tags: readonly TripTag[];
  symbols: readonly string[];
  currencies: readonly string[];
}) {
  const set = <K extends keyof TripFilters>(key: K, value: TripFilters[K], replace = false) =>
    onChange({ ...filters, [key]: value }, replace);
  return (
    <form
      className="trade-filters trip-filters"
      aria-label="Filter the page"
      onSubmit={(e) => e.preventDefault()}
    >
      <label>
        Period
        <select
          value={filters.period}
          onChange={(e) => set('period', e.target.value as TripFilters['period'])}
        >
          {PERIOD_LABELS.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {filters.period === 'custom' && (
        <>
          <label>
            Closed from
            <input type="date" value={filters.from} onChange={(e) => set('from', e.target.value)} />
          </label>
          <label>
            Closed to
            <input type="date" value={filters.to} onChange={(e) => set('to', e.target.value)} />
          </label>
        </>
      )}
      <label>
        Long or short
        <select value={filters.side} onChange={(e) => set('side', e.target.value as TripFilters['side'])}>
          <option value="">Both</option>
          <option value="long">Long</option>
          <option value="short">Short</option>
        </select>
      </label>
      <label>
        Symbol starts with
        <input
          value={filters.symbol}
          list="trip-symbols"
          onChange={(e) => set('symbol', e.target.value.replace(/^\$/, '').toUpperCase(), true)}
        />
        <datalist id="trip-symbols">
          {symbols.map((symbol) => (
            <option key={symbol} value={symbol} />
          ))}
        </datalist>
      </label>
      <label>
        Tag
        <select value={filters.tag} onChange={(e) => set('tag', e.target.value)}>
          <option value="">Any</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.kind === 'setup' ? 'Setup' : 'Mistake'}: {tag.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Outcome
        <select
          value={filters.result}
          onChange={(e) => set('result', e.target.value as TripFilters['result'])}
        >
          <option value="">Any</option>
          <option value="win">Win</option>
          <option value="loss">Loss</option>
          <option value="scratch">Scratch</option>
        </select>
      </label>
      {currencies.length > 1 && (
        <label>
          Currency
          <select value={filters.currency} onChange={(e) => set('currency', e.target.value)}>
            <option value="">All</option>
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
      )}
    </form>
  );
}
