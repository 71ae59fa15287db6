import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UndeliverableEmail } from '../../functions/_lib/contract/operator.ts';
import { storedAccessToken } from '../auth/session.ts';
import { actionFailure } from './action-rules.ts';
import { emailsQuery, retryEmail } from './console-data.ts';
import { ErrorLine } from './ErrorLine.tsx';
import { formatDateTime } from './format.ts';
import { canWriteMembers } from './token-permissions.ts';

/** A member to open in the Members tab: found by their email, opened by their subject. */
export type MemberLink = { email: string; sub: string };

/** Past its due time by this much, the queue is not being drained (the job runs every minute). */
const OVERDUE_MS = 5 * 60_000;

/**
 * The emails given up on (docs/operator.md "Undeliverable email"), newest first, with the queue's
 * state above them, and *Send again* when the token may act (the server judges it again).
 */
export function EmailsPanel({ onOpenMember }: { onOpenMember: (link: MemberLink) => void }) {
  const queryClient = useQueryClient();
  const emails = useQuery(emailsQuery);
  const retry = useMutation({
    mutationFn: retryEmail,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['operator', 'emails'] }),
        queryClient.invalidateQueries({ queryKey: ['operator', 'audit'] }),
      ]),
  });
  const canRetry = canWriteMembers(storedAccessToken());
  const rows = emails.data?.emails ?? [];
  const total = emails.data?.total ?? 0;
  return (
    <>
      {emails.data && <QueueLine queue={emails.data.queue} />}
      <div className="console__scroll">
        <table className="console-table">
          <caption>
            Undeliverable emails, newest first
            {total > rows.length ? ` (the newest ${rows.length} of ${total})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Email</th>
              <th scope="col">To</th>
              <th scope="col">Key</th>
              <th scope="col">Tries</th>
              <th scope="col">Error</th>
              {canRetry && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.key}|${row.at}`}>
                <td>{formatDateTime(row.at)}</td>
                <td>{row.template}</td>
                <td>
                  <Recipient row={row} onOpenMember={onOpenMember} />
                </td>
                <td className="console__id">{row.key}</td>
                <td>{row.tries}</td>
                <td className="console-emails__error">{row.error}</td>
                {canRetry && (
                  <td>
                    {row.retryable && (
                      <button
                        className="btn btn-ghost btn-sm"
                        type="button"
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(row.key)}
                      >
                        Send again
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {emails.isPending && <p className="muted">Loading the emails…</p>}
      {emails.isSuccess && rows.length === 0 && <p className="muted">No undeliverable email.</p>}
      <ErrorLine error={emails.error} what="the emails" />
      <p className="console-actions__status" role="status">
        {retry.isPending
          ? 'Working…'
          : retry.isSuccess
            ? 'Queued again: the mail job sends it within a minute.'
            : ''}
      </p>
      {retry.error && (
        <p className="form-error" role="alert">
          {actionFailure(retry.error)}
        </p>
      )}
    </>
  );
}

function Recipient({
  row,
  onOpenMember,
}: {
  row: UndeliverableEmail;
  onOpenMember: (link: MemberLink) => void;
}) {
  if (!row.member) return <>{row.to}</>;
  const link = { email: row.to, sub: row.member };
  return (
    <button type="button" className="link-button console__member" onClick={() => onOpenMember(link)}>
      {row.to}
    </button>
  );
}

/** How many wait, and the next one: is the mail server refusing (tries, its error), is the job running (overdue)? */
function QueueLine({ queue }: { queue: { waiting: number; next: NextEmail | null } }) {
  const { waiting, next } = queue;
  const overdue = next !== null && next.due < Date.now() - OVERDUE_MS;
  return (
    <p className="console-emails__queue">
      {waiting === 0
        ? 'No email waiting to be sent.'
        : `${waiting} ${waiting === 1 ? 'email' : 'emails'} waiting to be sent.`}
      {next && ` Next: ${next.template}, due ${formatDateTime(next.due)}`}
      {next &&
        next.tries > 0 &&
        `, tried ${next.tries} ${next.tries === 1 ? 'time' : 'times'}: ${next.lastError ?? 'no error kept'}`}
      {next && '.'}
      {overdue && <strong> Overdue: is the mail job running?</strong>}
    </p>
  );
}

type NextEmail = { template: string; due: number; tries: number; lastError: string | null };
