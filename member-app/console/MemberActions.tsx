import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { storedAccessToken } from '../auth/session.ts';
import {
  actionDone,
  actionFailure,
  complimentaryRange,
  extendedEnd,
  FREE_DAYS_MAX,
  FREE_DAYS_MIN,
  isComplimentaryDay,
  type MemberAction,
  parseFreeDays,
} from './action-rules.ts';
import { type ActionAnswer, afterAction, runAction } from './console-data.ts';
import { formatDate, formatDateTime } from './format.ts';
import { canWriteMembers } from './token-permissions.ts';

/** An action waiting for the operator's yes: it costs the member something (access, renewal, chat). */
type Pending = { action: MemberAction; question: string };

/**
 * The operator's actions on one member (docs/operator.md "Actions"), shown only when the token
 * carries `write:members` (the server judges every call again). Each is one call answering the
 * member's row, which `onChanged` puts in the detail; the list, the logs and the figures are read
 * again. Those that take something from the member ask first.
 */
export function MemberActions({
  member,
  onChanged,
}: {
  member: MemberRow;
  onChanged: (row: MemberRow) => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<{ text: string; answer: ActionAnswer } | null>(null);
  const act = useMutation({
    mutationFn: (action: MemberAction) => runAction(member.sub, action),
    onMutate: () => setDone(null),
    onSuccess: (answer, action) => {
      onChanged(answer.member);
      setDone({ text: actionDone(action, answer.member, (ms) => formatDate(ms)), answer });
      void afterAction(queryClient);
    },
  });
  if (!canWriteMembers(storedAccessToken())) return null;

  const send = (action: MemberAction) => {
    setPending(null);
    act.mutate(action);
  };
  const ask = (action: MemberAction, question: string) => setPending({ action, question });
  const end = formatDate(member.currentPeriodEnd);
  const busy = act.isPending;

  return (
    <section className="console-actions" aria-label="Actions">
      <h3>Actions</h3>
      <div className="console-actions__grid">
        <FreeDays member={member} busy={busy} onSend={send} />
        <Complimentary
          member={member}
          busy={busy}
          onSend={send}
          onEnd={() =>
            ask(
              { kind: 'complimentary', until: null },
              'End the complimentary membership now? Access stops at once.',
            )
          }
        />
        <fieldset className="console-actions__form" disabled={busy}>
          <legend>Cancel</legend>
          <GhostButton
            onClick={() =>
              ask(
                { kind: 'cancel', when: 'period-end' },
                `Cancel at the period end? Autopay goes off; access runs until ${end}.`,
              )
            }
          >
            Cancel at period end
          </GhostButton>
          <GhostButton
            onClick={() =>
              ask(
                { kind: 'cancel', when: 'now' },
                'Cancel now ends access at once. Nothing is refunded: refund in the Stripe Dashboard if owed.',
              )
            }
          >
            Cancel now
          </GhostButton>
        </fieldset>
        <fieldset className="console-actions__form" disabled={busy}>
          <legend>Autopay</legend>
          <GhostButton onClick={() => send({ kind: 'autopay', on: true })} disabled={member.autopay === true}>
            Autopay on
          </GhostButton>
          <GhostButton
            onClick={() =>
              ask({ kind: 'autopay', on: false }, `Turn autopay off? The membership ends ${end}.`)
            }
            disabled={member.autopay === false}
          >
            Autopay off
          </GhostButton>
        </fieldset>
        <fieldset className="console-actions__form" disabled={busy}>
          <legend>Chat</legend>
          {member.chat === null ? (
            <p className="muted">No chat record: the member has not asked for chat access.</p>
          ) : member.chat.access === 'revoked' ? (
            <GhostButton onClick={() => send({ kind: 'chat', access: 'restore' })}>Restore chat</GhostButton>
          ) : (
            <>
              <GhostButton
                onClick={() =>
                  ask(
                    { kind: 'chat', access: 'revoke' },
                    'Revoke chat? The member loses the chat role until it is restored.',
                  )
                }
              >
                Revoke chat
              </GhostButton>
              <GhostButton onClick={() => send({ kind: 'invite' })}>Resend chat invite</GhostButton>
            </>
          )}
        </fieldset>
      </div>
      {pending && (
        <fieldset className="console-actions__confirm">
          <legend>{pending.question}</legend>
          <button className="btn btn-primary btn-sm" type="button" onClick={() => send(pending.action)}>
            Confirm
          </button>
          <GhostButton onClick={() => setPending(null)}>Back</GhostButton>
        </fieldset>
      )}
      <p className="console-actions__status" role="status">
        {busy ? 'Working…' : (done?.text ?? '')}
      </p>
      {done?.answer.invite && (
        <InviteLink invite={done.answer.invite} expiresAt={done.answer.expiresAt ?? null} />
      )}
      {act.error && (
        <p className="form-error" role="alert">
          {actionFailure(act.error)}
        </p>
      )}
    </section>
  );
}

function FreeDays({
  member,
  busy,
  onSend,
}: {
  member: MemberRow;
  busy: boolean;
  onSend: (action: MemberAction) => void;
}) {
  const id = useId();
  const [text, setText] = useState('7');
  const [invalid, setInvalid] = useState(false);
  const days = parseFreeDays(text);
  const newEnd = days === null ? null : extendedEnd(member.currentPeriodEnd, days);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(days === null);
    if (days !== null) onSend({ kind: 'extend', days });
  };
  return (
    <form className="console-actions__form" onSubmit={submit} aria-label="Give free days" noValidate>
      <label htmlFor={id}>Free days</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={FREE_DAYS_MIN}
        max={FREE_DAYS_MAX}
        step={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={invalid || undefined}
      />
      <button className="btn btn-primary btn-sm" type="submit" disabled={busy}>
        Give free days
      </button>
      {newEnd !== null && <p className="muted">New period end: {formatDate(newEnd)}</p>}
      {invalid && (
        <p className="form-error" role="alert">
          Free days are a whole number from {FREE_DAYS_MIN} to {FREE_DAYS_MAX}.
        </p>
      )}
    </form>
  );
}

function Complimentary({
  member,
  busy,
  onSend,
  onEnd,
}: {
  member: MemberRow;
  busy: boolean;
  onSend: (action: MemberAction) => void;
  onEnd: () => void;
}) {
  const id = useId();
  const [day, setDay] = useState('');
  const [invalid, setInvalid] = useState(false);
  const now = Date.now();
  const range = complimentaryRange(now);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ok = isComplimentaryDay(day, now);
    setInvalid(!ok);
    if (ok) onSend({ kind: 'complimentary', until: day });
  };
  return (
    <form
      className="console-actions__form"
      onSubmit={submit}
      aria-label="Complimentary membership"
      noValidate
    >
      <label htmlFor={id}>Complimentary until</label>
      <input
        id={id}
        type="date"
        min={range.min}
        max={range.max}
        value={day}
        onChange={(event) => setDay(event.target.value)}
        aria-invalid={invalid || undefined}
      />
      <button className="btn btn-primary btn-sm" type="submit" disabled={busy}>
        Give complimentary
      </button>
      {member.status === 'free' && (
        <GhostButton disabled={busy} onClick={onEnd}>
          End it
        </GhostButton>
      )}
      {invalid && (
        <p className="form-error" role="alert">
          Choose a day from {range.min} to {range.max} (UTC).
        </p>
      )}
    </form>
  );
}

function InviteLink({ invite, expiresAt }: { invite: string; expiresAt: number | null }) {
  const id = useId();
  return (
    <div className="console-actions__invite">
      <label htmlFor={id}>Chat invite link</label>
      <input id={id} type="text" readOnly value={invite} onFocus={(event) => event.target.select()} />
      {expiresAt !== null && <p className="muted">Works once, until {formatDateTime(expiresAt)}.</p>}
    </div>
  );
}

/** The console's small secondary button: every action and *Back* in a member's detail. */
function GhostButton({
  children,
  onClick,
  disabled,
}: {
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button className="btn btn-ghost btn-sm" type="button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
