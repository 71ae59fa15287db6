import { REFERRAL_DAYS } from '../../functions/_lib/affiliates/rules.ts';
import { site } from '../../site/lib/site.ts';
import { useSignedIn } from '../auth/useSession.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import './affiliates.css';

const { service, signUpUrl, dashboardUrl } = site.affiliate;
const percent = site.affiliateCommissionPercent;

/**
 * docs/product.md §2 /affiliates: members get the links to the affiliate service (content/site.json
 * `affiliate`); visitors get the programme and its commission. Both see how it works.
 */
export function AffiliatesPage() {
  const signedIn = useSignedIn();
  return (
    <section className="member-page affiliates" aria-labelledby="page-title">
      <h1 id="page-title">Affiliates</h1>
      <p className="lead">
        Earn {percent}% recurring commission on every membership you refer, for as long as it is paid.
      </p>
      {signedIn ? (
        <div className="affiliates__links card">
          <h2>Your affiliate account</h2>
          <p>
            Our affiliate programme runs on {service}. Sign up there once to get your link; the dashboard
            shows your visits, referred members and commissions, and where payouts go.
          </p>
          <div className="affiliates__actions">
            <a className="btn btn-primary" href={signUpUrl} target="_blank" rel="noopener noreferrer">
              Become an affiliate
            </a>
            <a className="btn btn-ghost" href={dashboardUrl} target="_blank" rel="noopener noreferrer">
              Affiliate dashboard
            </a>
          </div>
        </div>
      ) : (
        <VisitorPitch heading={`Earn ${percent}% recurring commission`}>
          Know traders who want to learn the OTC market properly? Members who share {site.name} earn {percent}
          % of every payment their referrals make, every month or year they stay.
        </VisitorPitch>
      )}
      <h2 id="how-it-works" className="affiliates__how">
        How it works
      </h2>
      <ol className="affiliates__steps" aria-labelledby="how-it-works">
        <li>
          <strong>Join.</strong> Become a member, then sign up for the affiliate programme on {service}.
        </li>
        <li>
          <strong>Share your link.</strong> Any page of {site.url.replace('https://', '')} with{' '}
          <code>?via=your-name</code> works; whoever follows it is remembered for {REFERRAL_DAYS} days.
        </li>
        <li>
          <strong>Earn {percent}%.</strong> When they become a member, you earn {percent}% of each payment,
          monthly or yearly, for as long as their membership is paid.
        </li>
      </ol>
    </section>
  );
}
