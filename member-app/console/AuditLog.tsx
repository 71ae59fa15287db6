import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditQuery, downloadAuditCsv } from './console-data.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { actorLabel, auditChanges, auditFileName, formatDateTime } from './format.ts';

/**
 * The audit log, newest first with *More*: the whole log (`member` null) or one member's, and its
 * *Download CSV* (the server's export of the same log).
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
  const audit = useInfiniteQuery(auditQuery(member));
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
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
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>{entry.action}</td>
                {member === null && <td className="console__id">{entry.member}</td>}
                <td>{actorLabel(entry.actor)}</td>
                <td>
                  <ul className="console-audit__changes">
                    {auditChanges(entry.before, entry.after).map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
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
