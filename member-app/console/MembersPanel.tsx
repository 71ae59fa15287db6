import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { membersQuery } from './console-data.ts';
import type { MemberLink } from './EmailsPanel.tsx';
import { ErrorLine } from './ErrorLine.tsx';
import { autopayLabel, chatLabel, formatDate, planLabel } from './format.ts';
import { MemberDetail } from './MemberDetail.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * The member index, newest first with *More*, or the one member an email or customer id names.
 * Choosing a member's email opens their detail and audit log above the table; `open` (a member
 * linked from elsewhere) searches their email and opens them once their row arrives. The table
 * keeps to what an operator scans (plan, status, period end, autopay, last visit) so it fits a
 * laptop's width; when they signed up, their promo, referral and chat are a line under the email
 * (and in the member's detail).
 */
export function MembersPanel({ open = null }: { open?: MemberLink | null }) {
  const [draft, setDraft] = useState(open?.email ?? '');
  const [query, setQuery] = useState(open?.email ?? '');
  const [selected, setSelected] = useState<MemberRow | null>(null);
  const [opening, setOpening] = useState(open?.sub ?? null);
  const members = useInfiniteQuery(membersQuery(query));
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];
  const linked = opening ? rows.find((row) => row.sub === opening) : undefined;
  useEffect(() => {
    if (!linked) return;
    setSelected(linked);
    setOpening(null);
  }, [linked]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
    setSelected(null);
  };
  const clear = () => {
    setDraft('');
    setQuery('');
  };

  return (
    <>
      <form className="console__search" onSubmit={search}>
        <label htmlFor="console-query">Email, name or customer id</label>
        <input
          id="console-query"
          type="search"
          value={draft}
          placeholder="Start of an email, @domain, name or customer id"
          minLength={2}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button className="btn btn-primary btn-sm" type="submit">
          Search
        </button>
        {query && (
          <button className="btn btn-ghost btn-sm" type="button" onClick={clear}>
            Show all
          </button>
        )}
      </form>
      {selected && (
        <MemberDetail member={selected} onClose={() => setSelected(null)} onChanged={setSelected} />
      )}
      <div className="console__scroll">
        <table className="console-table">
          <caption>{query ? `Members matching “${query}”, newest first` : 'Members, newest first'}</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Plan</th>
              <th scope="col">Status</th>
              <th scope="col">Period end</th>
              <th scope="col">Autopay</th>
              <th scope="col">Last visit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.sub} aria-selected={selected?.sub === row.sub || undefined}>
                <th scope="row" className="console-members__who">
                  <button
                    type="button"
                    className="link-button console__member"
                    onClick={() => setSelected(row)}
                  >
                    {row.email ?? row.sub}
                  </button>
                  <MemberFacts row={row} />
                </th>
                <td>{planLabel(row.plan)}</td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
                <td>{formatDate(row.currentPeriodEnd)}</td>
                <td>{autopayLabel(row.autopay)}</td>
                <td>{formatDate(row.lastVisit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {members.isPending && <p className="muted">Loading members…</p>}
      {members.isSuccess && rows.length === 0 && (
        <p className="muted">
          {!query
            ? 'No members yet.'
            : members.hasNextPage
              ? 'No match among the members looked at so far. More looks further.'
              : `No member matches “${query}”.`}
        </p>
      )}
      <ErrorLine error={members.error} what="the members" />
      {members.hasNextPage && (
        <button
          className="btn btn-ghost console__more"
          type="button"
          disabled={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {members.isFetchingNextPage ? 'Loading…' : 'More'}
        </button>
      )}
    </>
  );
}

/** "Signed up Nov 3, 2026 · Promo WELCOME10 · Chat trader1 (joined)": what the row has beyond its columns. */
function MemberFacts({ row }: { row: MemberRow }) {
  const facts = [
    row.signedUpAt === null ? null : `Signed up ${formatDate(row.signedUpAt)}`,
    row.promo ? `Promo ${row.promo}` : null,
    row.referral ? `Referral ${row.referral}` : null,
    row.chat ? `Chat ${chatLabel(row.chat)}` : null,
  ].filter(Boolean);
  return facts.length ? <span className="console-members__facts">{facts.join(' · ')}</span> : null;
}
