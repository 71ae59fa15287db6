import { createFileRoute } from '@tanstack/react-router';
import { billingDetailsQuery } from '../account/billing-details-data.ts';
import { CardForm } from '../account/CardForm.tsx';
import { EmailForm } from '../account/EmailForm.tsx';
import { MarketDataSection } from '../account/MarketDataSection.tsx';
import { PasswordForm } from '../account/PasswordForm.tsx';
import { SignOutEverywhere } from '../account/SignOutEverywhere.tsx';
import { SubscriptionSection } from '../account/SubscriptionSection.tsx';
import { subscriptionStatusQuery } from '../account/subscription-data.ts';
import { TradeTimeZone } from '../account/TradeTimeZone.tsx';
import { YourData } from '../account/YourData.tsx';
import { requireToken } from '../auth/guards.ts';
import { ChatInviteForm } from '../chat/ChatInviteForm.tsx';

export const Route = createFileRoute('/account')({
  staticData: { title: 'Account Settings', skeleton: 'heading forms' },
  beforeLoad: requireToken,
  // The page opens with the plan in place: a section that grew when its status arrived pushed every
  // form below it down (a layout shift). The first visit waits for the status; later ones show the
  // last answer at once and ask again beside it. A failure is left to the section, which says so.
  // The billing details (card, next charge) come in the same wait, asked beside the status: their
  // lines would otherwise rewrap when the amounts arrived.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData({ ...subscriptionStatusQuery, revalidateIfStale: true }).catch(() => null),
      queryClient.ensureQueryData({ ...billingDetailsQuery, revalidateIfStale: true }).catch(() => null),
    ]),
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
        <SignOutEverywhere />
        <TradeTimeZone />
        <YourData />
        {/* Member mode only; asked by the section itself (the loader is in the first load), last so nothing moves when it appears. */}
        <MarketDataSection />
      </div>
    </section>
  );
}
