import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { authLinks } from '../../site/lib/nav.ts';
import { useSignedIn } from '../auth/useSession.ts';
import { AuditLog } from './AuditLog.tsx';
import { isRefusal, membersQuery, REFUSAL } from './console-data.ts';
import { showConsoleLink } from './console-link.ts';
import { EmailsPanel, type MemberLink } from './EmailsPanel.tsx';
import { MembersPanel } from './MembersPanel.tsx';
import { MoneyPanel } from './MoneyPanel.tsx';
import './console.css';

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'audit', label: 'Audit log' },
  { id: 'money', label: 'Money' },
  { id: 'emails', label: 'Emails' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/**
 * /console (docs/operator.md): the operator's members (with their actions), the audit log, money and
 * undeliverable emails. Visitors are asked to sign in;
 * a signed-in caller's first call decides the rest: the server answers 403 to anyone without the
 * operator's permission, and the page says so (no redirect: an operator need not be a member).
 */
export function ConsolePage() {
  const signedIn = useSignedIn();
  // Start-up skips this page (an operator need not be a member), so the bar's link is set here.
  useEffect(() => {
    if (signedIn) showConsoleLink();
  }, [signedIn]);
  return (
    <section className="member-page console" aria-labelledby="page-title">
      <h1 id="page-title">Console</h1>
      {signedIn ? (
        <OperatorConsole />
      ) : (
        <div className="card console__visitor">
          <p>Sign in with an operator account to open the console.</p>
          <a className="btn btn-primary" href={authLinks.signIn} rel="nofollow">
            Sign In
          </a>
        </div>
      )}
    </section>
  );
}

function OperatorConsole() {
  const [tab, setTabOnly] = useState<Tab>('members');
  // A member opened from an undeliverable email: the Members tab shows them until another tab is chosen.
  const [memberLink, setMemberLink] = useState<MemberLink | null>(null);
  const setTab = (next: Tab) => {
    setMemberLink(null);
    setTabOnly(next);
  };
  const openMember = (link: MemberLink) => {
    setMemberLink(link);
    setTabOnly('members');
  };
  // The newest members: the first call, and the one that tells a non-operator apart.
  const first = useInfiniteQuery(membersQuery(''));
  if (isRefusal(first.error))
    return (
      <p className="console__refusal" role="alert">
        {REFUSAL}
      </p>
    );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const step = event.key === 'ArrowLeft' ? TABS.length - 1 : 1;
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + step) % TABS.length]?.id ?? 'members';
    setTab(next);
    document.getElementById(`console-tab-${next}`)?.focus();
  };
  return (
    <>
      <div className="console__tabs" role="tablist" aria-label="Console" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`console-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`console-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`console-panel-${tab}`} role="tabpanel" aria-labelledby={`console-tab-${tab}`}>
        {tab === 'members' ? (
          <MembersPanel key={memberLink?.sub ?? ''} open={memberLink} />
        ) : tab === 'audit' ? (
          <AuditLog member={null} title="Audit log" />
        ) : tab === 'money' ? (
          <MoneyPanel />
        ) : (
          <EmailsPanel onOpenMember={openMember} />
        )}
      </div>
    </>
  );
}
