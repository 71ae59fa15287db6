import { createFileRoute } from '@tanstack/react-router';
import { CardForm } from '../account/CardForm.tsx';
import { EmailForm } from '../account/EmailForm.tsx';
import { PasswordForm } from '../account/PasswordForm.tsx';
import { SubscriptionSection } from '../account/SubscriptionSection.tsx';
import { TradeTimeZone } from '../account/TradeTimeZone.tsx';
import { requireToken } from '../auth/guards.ts';
import { ChatInviteForm } from '../chat/ChatInviteForm.tsx';

export const Route = createFileRoute('/account')({
  staticData: { title: 'Account Settings' },
  beforeLoad: requireToken,
  component: Account,
});

function Account() {
  return (
    <section className="member-page account" aria-labelledby="page-title">
      <h1 id="page-title">Account Settings</h1>
      <div className="account-grid">
        <SubscriptionSection />
        <ChatInviteForm idPrefix="account" heading="Chat Community" />
        <CardForm />
        <EmailForm />
        <PasswordForm />
        <TradeTimeZone />
      </div>
    </section>
  );
}
