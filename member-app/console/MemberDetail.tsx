import { type ReactNode, useId } from 'react';
import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { AuditLog } from './AuditLog.tsx';
import { autopayLabel, chatLabel, formatDate, formatDateTime, orDash, planLabel } from './format.ts';
import { MemberActions } from './MemberActions.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * One member: every field of their row, the operator's actions (the row an action answers replaces
 * this one through `onChanged`), then their own audit log.
 */
export function MemberDetail({
  member,
  onClose,
  onChanged,
}: {
  member: MemberRow;
  onClose: () => void;
  onChanged: (row: MemberRow) => void;
}) {
  const heading = useId();
  const name = member.email ?? member.sub;
  const fields: Array<[string, ReactNode]> = [
    ['Email', orDash(member.email)],
    ['Account id', member.sub],
    ['Customer id', orDash(member.customerId)],
    ['Plan', planLabel(member.plan)],
    ['Status', <StatusBadge key="status" status={member.status} />],
    ['Period end', formatDate(member.currentPeriodEnd)],
    ['Autopay', autopayLabel(member.autopay)],
    ['Promo', orDash(member.promo)],
    ['Referral', orDash(member.referral)],
    ['Chat', chatLabel(member.chat)],
    ['Signed up', formatDateTime(member.signedUpAt)],
    ['Last visit', formatDateTime(member.lastVisit)],
  ];
  return (
    <section className="console-detail card" aria-labelledby={heading}>
      <div className="console-detail__top">
        <h2 id={heading}>{name}</h2>
        <button className="btn btn-ghost btn-sm" type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="console-detail__fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <MemberActions key={member.sub} member={member} onChanged={onChanged} />
      <AuditLog member={member.sub} title={`Audit log of ${name}`} fileFor={name} />
    </section>
  );
}
