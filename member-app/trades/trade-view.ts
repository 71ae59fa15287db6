/**
 * Moved by subject: money and time formatting to format.ts, the calendar to calendar.ts, the chart's
 * series to chart-series.ts, sorting to trade-sort.ts, filters to trip-filters.ts. Only the import
 * dialog still reads its formatting from here, until it imports format.ts itself.
 */
export { exactMoney, formatAmount, formatMoney } from './format.ts';
