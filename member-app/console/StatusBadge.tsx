import type { MemberRow } from '../../functions/_lib/contract/operator.ts';
import { statusLabel, statusTone } from './format.ts';

export function StatusBadge({ status }: { status: MemberRow['status'] }) {
  return (
    <span className={`console-status console-status--${statusTone(status)}`}>{statusLabel(status)}</span>
  );
}
