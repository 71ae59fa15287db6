import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  DEFAULT_MEMBER_RATE,
  MAX_MEMBER_RATE,
  MEMBER_KEY_PATTERN,
  MEMBER_KEY_RULE,
  MEMBER_RATE_RULE,
} from '../../functions/_lib/market/member-key-rules.ts';
import { callApi } from '../api/client.ts';
import { appConfig } from '../app-config.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { marketKeyStatusQuery } from './market-key-data.ts';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * /account "Market data", in member mode only (docs/market-data.md, "Whose key"): the member's own
 * Massive key, which the trade review's price bars are fetched with. The key goes to the server once
 * and never comes back: only its last 4 characters are shown.
 */
export function MarketDataSection() {
  // The deployment's mode comes with the settings the app already read: in the default (operator)
  // mode no member is asked about a key, and no status call is made.
  const keys = useQuery({ queryKey: ['appconfig'], queryFn: appConfig, staleTime: Number.POSITIVE_INFINITY })
    .data?.marketData.keys;
  const { data } = useQuery({ ...marketKeyStatusQuery, enabled: keys === 'member' });
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const [rate, setRate] = useState('');
  const save = async (body: { key: string | null; perMinute?: number }) => {
    queryClient.setQueryData(marketKeyStatusQuery.queryKey, await callApi('account/marketkey', body));
  };
  // Which button sent the form: Save (also Enter in a field) or Remove.
  const intent = useRef<'save' | 'remove'>('save');
  const { status, onSubmit } = useSubmit(async () => {
    const removing = intent.current === 'remove';
    intent.current = 'save';
    if (removing) {
      await save({ key: null });
      return 'Your key is removed.';
    }
    const trimmed = key.trim();
    if (!MEMBER_KEY_PATTERN.test(trimmed)) throw new Error(MEMBER_KEY_RULE);
    const perMinute = rate.trim() === '' ? undefined : Number(rate);
    if (
      perMinute !== undefined &&
      !(Number.isInteger(perMinute) && perMinute >= 1 && perMinute <= MAX_MEMBER_RATE)
    )
      throw new Error(MEMBER_RATE_RULE);
    await save({ key: trimmed, ...(perMinute === undefined ? {} : { perMinute }) });
    setKey('');
    return 'Massive took your key: your trade reviews now show price bars.';
  });
  if (data?.mode !== 'member') return null;
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="market-title">
      <h2 id="market-title">Market data</h2>
      <p className="muted">
        Price bars on your trade reviews come from Massive with your own API key: Massive licenses its data
        for personal use, so each member uses their own (the free plan works).
      </p>
      {data.saved && (
        <p>
          Key ending in <strong>…{data.last4}</strong>, {data.perMinute} calls a minute
        </p>
      )}
      <TextField
        id="market-key"
        label={data.saved ? 'Replace with another key' : 'Massive API key'}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onValue={setKey}
        invalid={status.kind === 'error'}
        describedBy="market-status"
      />
      <TextField
        id="market-rate"
        label="Calls a minute your plan allows (optional)"
        inputMode="numeric"
        placeholder={String(DEFAULT_MEMBER_RATE)}
        value={rate}
        onValue={setRate}
        describedBy="market-status"
      />
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Working…' : 'Save'}
      </button>
      {data.saved && (
        <button
          className="btn btn-ghost"
          type="submit"
          disabled={status.kind === 'busy'}
          onClick={() => {
            intent.current = 'remove';
          }}
        >
          Remove
        </button>
      )}
      <FormStatusLine status={status} id="market-status" />
    </form>
  );
}
