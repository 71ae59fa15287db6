import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { emailError } from '../../functions/_lib/account/rules.ts';
import { referralFromCookies } from '../../functions/_lib/affiliates/rules.ts';
import {
  discounted,
  type PlanName,
  type Plans,
  yearlySaveLabel,
} from '../../functions/_lib/billing/prices.ts';
import { site } from '../../site/lib/site.ts';
import { TextField } from '../account/TextField.tsx';
import { affiliateClickId, loadAffiliateTracking } from '../affiliates/affiliate-tracking.ts';
import { ApiError, callApi } from '../api/client.ts';
import { appConfig } from '../app-config.ts';
import { authRuntime } from '../auth/auth-service.ts';
import { sessionUser } from '../auth/session.ts';
import { markWelcomeDue } from '../home/welcome.ts';
import { CardField } from './CardField.tsx';
import type { CardFieldHandle } from './card-field.ts';
import { storedPlans } from './plans-storage.ts';
import { defaultPlans } from './stored-plans.ts';

/** docs/product.md §2 /payment: sign-up and payment (form state docs/product.md §3, transitions docs/product.md §4, rules docs/product.md §5). */
interface AppliedPromo {
  code: string;
  plan: PlanName;
  discount: number;
}

export const PROMO_ACCESS_KEY = 'promo-access';

const FEATURES = [
  `Over ${site.videoLibraryHours} hours of video lessons, with chapters and search`,
  'Step-by-step courses, such as Penny Stock Essentials, with knowledge checks and a certificate',
  `A daily live stream at ${site.liveStreamTime}`,
  'Audio lessons and members-only articles',
  'A trading journal with $cashtags, and a trade journal',
  'The private chat group',
  `An affiliate programme paying ${site.affiliateCommissionPercent}% commission`,
];

/** Who referred this visitor: the affiliate link kept in our cookie, and the service's visit id. */
function referral(): { referral?: string; referralClick?: string } {
  const via = referralFromCookies(document.cookie);
  const clickId = affiliateClickId();
  return { ...(via ? { referral: via } : {}), ...(clickId ? { referralClick: clickId } : {}) };
}

export function PaymentPage() {
  const [plans, setPlans] = useState<Plans>(() => storedPlans() ?? defaultPlans);
  const [email, setEmail] = useState(() => sessionUser()?.email ?? '');
  const [plan, setPlan] = useState<PlanName>('monthly');
  const [promo, setPromo] = useState('');
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const card = useRef<CardFieldHandle>(null);

  const applyPromo = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || applied) return; // docs/product.md §5: non-empty, and applied once
    setPromoError(null);
    try {
      const answer = await callApi('promo', { promo: trimmed });
      if (answer.promo === false) return setPromoError('Invalid Promo Code');
      setApplied({ code: answer.promo, plan: answer.promoPlan, discount: answer.discount });
      setPlan(answer.promoPlan); // the plan is locked to the promo's
    } catch (error) {
      setPromoError(error instanceof Error ? error.message : 'Invalid Promo Code');
    }
  };

  // docs/product.md §4 Payment page on load: verify; members go home; plans are stored by the API client.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    const promoAccess = localStorage.getItem(PROMO_ACCESS_KEY) === 'email' ? ('email' as const) : undefined;
    callApi('payment/verify', promoAccess ? { promoAccess } : {})
      .then((answer) => {
        if (answer.redirect === '/') return window.location.assign('/');
        setPlans(answer.plans);
        if (answer.emailPromo) {
          setPromo(answer.emailPromo);
          void applyPromo(answer.emailPromo);
        }
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) setVerifyError(error.message);
        else console.warn('payment verify failed', error); // docs/product.md §8: a request failure is only logged
      });
  }, []);

  // The affiliate service's script, only when it is configured (README "Affiliates").
  useEffect(() => {
    appConfig()
      .then((config) => config.affiliate.rewardfulKey && loadAffiliateTracking(config.affiliate.rewardfulKey))
      .catch(() => {}); // without it a referred sale is unattributed, never refused
  }, []);

  const price = (name: PlanName) =>
    applied && applied.plan === name ? discounted(plans[name].price, applied.discount) : plans[name].price;
  const total = price(plan);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setSubmitError(null);
    setTokenError(null);
    const problem = emailError(email);
    setEmailProblem(problem);
    if (problem) return;
    setLoading(true);
    try {
      const result = await (card.current?.tokenize() ?? Promise.resolve({ empty: true as const }));
      if ('empty' in result) {
        setTokenError('Card Info Required');
        return setLoading(false);
      }
      if ('invalid' in result) return setLoading(false); // the field shows the provider's message
      await callApi('charge', {
        email: email.trim(),
        planID: plans[plan].id,
        token: result.token,
        promo: applied ? applied.code : null,
        ...referral(),
      });
      localStorage.removeItem(PROMO_ACCESS_KEY);
      markWelcomeDue(); // the dashboard greets the new member once, with where to start
      // The next token carries the new customer id (custID); then home, a full load past the guard.
      await (await authRuntime()).renewToken({ force: true }).catch(() => {});
      window.location.assign('/');
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : 'Something Went Wrong');
      setLoading(false);
    }
  };

  const logout = () => void authRuntime().then((runtime) => runtime.logout());
  const options: PlanName[] = applied ? [applied.plan] : ['monthly', 'yearly'];

  return (
    <div className="payment">
      <header className="payment__top">
        <a className="payment__brand" href="/" aria-label={`${site.name} home`}>
          <span className="payment__logo" aria-hidden="true">
            ▲
          </span>{' '}
          {site.name}
        </a>
        <button type="button" className="link-button" onClick={logout}>
          Logout
        </button>
      </header>
      <div className="payment__grid">
        <section aria-labelledby="payment-features">
          <h1 id="page-title">Become a member</h1>
          <h2 id="payment-features">What you get</h2>
          <ul className="payment__features">
            {FEATURES.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {verifyError && (
            <p className="form-error" role="alert">
              {verifyError}
            </p>
          )}
        </section>

        <form className="payment__form" onSubmit={submit} noValidate aria-label="Sign up and pay">
          <TextField
            id="pay-email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
            invalid={emailProblem !== null}
          />
          {emailProblem && (
            <p className="form-error" role="alert">
              {emailProblem}
            </p>
          )}

          <fieldset className="plan-choice">
            <legend>Plan</legend>
            {options.map((name) => (
              <label key={name} className="plan-choice__option" data-plan={name}>
                <input
                  type="radio"
                  name="plan"
                  value={name}
                  checked={plan === name}
                  onChange={() => setPlan(name)}
                  disabled={applied !== null}
                />
                <span className="plan-choice__name">{name === 'monthly' ? 'Monthly' : 'Yearly'}</span>
                <span className="plan-choice__price">
                  ${price(name)}
                  {name === 'monthly' ? '/month' : '/year'}
                </span>
                {name === 'yearly' && <span className="badge">{yearlySaveLabel(storedPlans())}</span>}
              </label>
            ))}
          </fieldset>

          <Suspense fallback={<p className="muted">Loading the card form…</p>}>
            <CardField ref={card} id="pay-card" />
          </Suspense>
          {tokenError && (
            <p className="form-error" role="alert">
              {tokenError}
            </p>
          )}

          <div className="promo">
            <label htmlFor="pay-promo">Promo code</label>
            <div className="promo__row">
              <input
                id="pay-promo"
                value={promo}
                onChange={(e) => setPromo(e.target.value)}
                disabled={applied !== null}
                autoComplete="off"
              />
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void applyPromo(promo)}
                disabled={applied !== null || !promo.trim()}
              >
                Apply
              </button>
            </div>
            {applied && (
              <p className="form-done" role="status">
                Discount Applied
              </p>
            )}
            {promoError && (
              <p className="form-error" role="alert">
                {promoError}
              </p>
            )}
          </div>

          <button className="btn btn-primary btn-lg payment__submit" type="submit" disabled={loading}>
            {loading ? 'Processing…' : `Submit $${total} Payment`}
          </button>
          {submitError && (
            <p className="form-error" role="alert">
              {submitError}
            </p>
          )}
          <p className="payment__legal">
            By paying you agree to the <a href="/terms">Terms of Use</a> and have read the{' '}
            <a href="/disclaimer">Disclaimer</a> and <a href="/privacy">Privacy Policy</a>. Cancel any time;
            no refunds.
          </p>
        </form>
      </div>
    </div>
  );
}
