import { useState } from 'react';
import { setTradeTimeZone, TIME_ZONES, tradeTimeZone } from '../trades/time-zone.ts';
import { timeZoneName } from './time-zone-names.ts';

/** Where the trade journal's times are shown and its hours, weekdays and days are counted. */
export function TradeTimeZone() {
  const [zone, setZone] = useState(tradeTimeZone);
  const [saved, setSaved] = useState(false);
  const zones = TIME_ZONES.includes(zone as (typeof TIME_ZONES)[number]) ? TIME_ZONES : [zone, ...TIME_ZONES];
  return (
    <section className="account-form" aria-labelledby="trade-zone-title">
      <h2 id="trade-zone-title">Trade times</h2>
      <label htmlFor="trade-zone">Show trade times in</label>
      <select
        id="trade-zone"
        value={zone}
        onChange={(e) => {
          setTradeTimeZone(e.target.value);
          setZone(e.target.value);
          setSaved(true);
        }}
      >
        {zones.map((z) => (
          <option key={z} value={z}>
            {timeZoneName(z)}
          </option>
        ))}
      </select>
      <p className="muted" role="status">
        {saved
          ? 'Saved in this browser.'
          : 'Hours, weekdays and days of your trades are counted in this zone.'}
      </p>
    </section>
  );
}
