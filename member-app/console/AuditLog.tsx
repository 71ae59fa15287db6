import { type InfiniteData, type QueryClient, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntry, LedgerEntry, MemberRow } from '../../functions/_lib/contract/operator.ts';
import {
  type AuditChange,
  auditMember,
  auditWhen,
  describeAudit,
  withoutPairedEntries,
} from './audit-words.ts';
import { auditQuery, downloadAuditCsv } from './console-data.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { actorLabel, auditFileName } from './format.ts';

/**
 * The audit log, newest first with *More*: the whole log (`member` null) or one member's, and its
 * *Download CSV* (the server's export of the same log, raw). Each entry is shown in words
 * (audit-words.ts): when in the viewer's time zone, what happened, who it was about and who did
 * it, and what changed; the raw action is the title's tooltip, to match an entry with the CSV.
 */
export function AuditLog({
  member,
  title,
  fileFor,
}: {
  member: string | null;
  title: string;
  fileFor?: string;
}) {
  const queryClient = useQueryClient();
  const audit = useInfiniteQuery(auditQuery(member));
  const loaded = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const entries = withoutPairedEntries(loaded);
  const charges = new Map(loaded.flatMap((entry) => (entry.charge ? [[entry.charge.id, entry.charge]] : [])));
  const options = { chargeOf: (id: string): LedgerEntry | undefined => charges.get(id) };
  const emails = member === null ? listedEmails(queryClient) : null;
  return (
    <div className="console-audit">
      <DownloadButton member={member} fileName={auditFileName(fileFor ?? null)} />
      <div className="console__scroll">
        <table className="console-table">
          <caption>{title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              {member === null && <th scope="col">Member</th>}
              <th scope="col">By</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const { title, changes } = describeAudit(entry, options);
              return (
                <tr key={entry.id}>
                  <td className="console-audit__when">{auditWhen(entry.at)}</td>
                  <td className="console-audit__what" title={entry.action}>
                    {title}
                  </td>
                  {emails && <MemberCell entry={entry} emails={emails} />}
                  <td className="console-audit__by">
                    <span className="console-audit__name">{actorLabel(entry.actor)}</span>
                  </td>
                  <td>
                    <ul className="console-audit__changes">
                      {changes.map((change) => (
                        <li key={`${change.label}:${change.from}:${change.to}`}>
                          <ChangeLine change={change} />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {audit.isPending && <p className="muted">Loading the audit log…</p>}
      {audit.isSuccess && entries.length === 0 && <p className="muted">Nothing recorded yet.</p>}
      <ErrorLine error={audit.error} what="the audit log" />
      {audit.hasNextPage && (
        <button
          className="btn btn-ghost console__more"
          type="button"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {audit.isFetchingNextPage ? 'Loading…' : 'More'}
        </button>
      )}
    </div>
  );
}

/** The members the console has listed (any search), by subject: their emails name the log's entries. */
function listedEmails(queryClient: QueryClient): Map<string, string> {
  const found = new Map<string, string>();
  const lists = queryClient.getQueriesData<InfiniteData<{ members: MemberRow[] }>>({
    queryKey: ['operator', 'members'],
  });
  for (const [, data] of lists)
    for (const page of data?.pages ?? [])
      for (const row of page.members) if (row.email) found.set(row.sub, row.email);
  return found;
}

function MemberCell({ entry, emails }: { entry: AuditEntry; emails: Map<string, string> }) {
  const name = auditMember(entry, (sub) => emails.get(sub));
  // An account id is shown as one; an email carries the id as its tooltip.
  return name === entry.member ? (
    <td className="console__id console-audit__member">
      <span className="console-audit__name">{name}</span>
    </td>
  ) : (
    <td className="console-audit__member" title={entry.member}>
      <span className="console-audit__name">{name}</span>
    </td>
  );
}

/** "Period end: Dec 27, 2026 → Jan 10, 2027"; a field set for the first time shows its value only. */
function ChangeLine({ change }: { change: AuditChange }) {
  return (
    <>
      <span className="console-audit__label">{change.label}:</span>{' '}
      {change.from === '—' ? change.to : `${change.from} → ${change.to}`}
    </>
  );
}

function DownloadButton({ member, fileName }: { member: string | null; fileName: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      await downloadAuditCsv(member, fileName);
      setState('idle');
    } catch (failure) {
      console.warn('Audit export failed', failure);
      setState('failed');
    }
  };
  return (
    <div className="console-audit__download">
      <button
        className="btn btn-ghost btn-sm"
        type="button"
        disabled={state === 'busy'}
        onClick={() => void run()}
      >
        {state === 'busy' ? 'Downloading…' : 'Download CSV'}
      </button>
      {state === 'failed' && (
        <p className="form-error" role="alert">
          The download failed. Try again in a moment.
        </p>
      )}
    </div>
  );
}
