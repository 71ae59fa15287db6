// /u/login and /u/signup: where oidc-provider hands a sign-in it cannot finish alone (its "interaction"),
// as Auth0's Universal Login does. Shows the form, checks it against the account store, and answers the
// consent prompt at once, since Auth0 asks first-party apps' users no consent.
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { type AccountStore, type FormOutcome, SIGN_UP_REFUSED } from './accounts.ts';
import { grantFullScope } from './grants.ts';
import { type RequestContext, readBody, sendHtml } from './http.ts';
import { formPage, messagePage, type Screen } from './pages.ts';
import type { SignInThrottle } from './throttle.ts';

const MAX_FORM_BYTES = 16 * 1024;

export interface InteractionOptions {
  provider: Provider;
  accounts: AccountStore;
  throttle: SignInThrottle;
  audience: string;
  /** Where a person whose sign-in expired can start again. */
  appLink: { href: string; text: string } | undefined;
}

/** What a paused sign-in is told: why, and how long to wait. */
export function tooManyFailures(waitS: number): string {
  const minutes = Math.ceil(waitS / 60);
  const after = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many wrong passwords for this account. For your security, signing in from here is paused: try again in ${after}.`;
}

/** What a paused sign-up is told: how long to wait (the same whether the address has an account). */
export function tooManySignUps(waitS: number): string {
  const minutes = Math.ceil(waitS / 60);
  const after = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many attempts to create an account. For your security, signing up from here is paused: try again in ${after}.`;
}

export function interactionPages({ provider, accounts, throttle, audience, appLink }: InteractionOptions) {
  const expired = (ctx: RequestContext, message: string) =>
    sendHtml(ctx, 400, messagePage('Sign-in expired', message, appLink));

  // A paused account is refused before its password is even checked, so guessing on learns nothing.
  async function checkedPassword(
    ctx: RequestContext,
    email: string,
    password: string,
  ): Promise<FormOutcome | { pausedS: number }> {
    const wait = await throttle.waitFor(email, ctx.ip);
    if (wait > 0) return { pausedS: wait };
    const outcome = await accounts.signIn(email, password);
    if ('accountId' in outcome) await throttle.succeeded(email, ctx.ip);
    else if (outcome.status === 401) await throttle.failed(email, ctx.ip);
    return outcome;
  }

  async function signIn(ctx: RequestContext, email: string, password: string): Promise<FormOutcome> {
    const outcome = await checkedPassword(ctx, email, password);
    if (!('pausedS' in outcome)) return outcome;
    ctx.set('Retry-After', String(outcome.pausedS));
    return { status: 429, error: { message: tooManyFailures(outcome.pausedS) } };
  }

  // Without a confirmation mail, a new address gets its account at once; so what the page must not
  // add is any other sign of who has an account: an address that has one gets the one refusal below,
  // after the same password hashing, unless this is its password (then it is a sign-in, under the
  // sign-in throttle, whose pause is not shown here: that would say the address is known).
  async function signUp(ctx: RequestContext, email: string, password: string): Promise<FormOutcome> {
    const problem = accounts.signUpProblem(email, password);
    if (problem) return problem;
    const wait = await throttle.signUps.attempt(email, ctx.ip);
    if (wait > 0) {
      ctx.set('Retry-After', String(wait));
      return { status: 429, error: { message: tooManySignUps(wait) } };
    }
    const created = await accounts.signUp(email, password);
    if (created !== 'taken') return created;
    const existing = await checkedPassword(ctx, email, password);
    return 'accountId' in existing ? existing : SIGN_UP_REFUSED;
  }

  return async function interactionPage(ctx: RequestContext, screen: Screen): Promise<void> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      const message = 'This sign-in page has expired. Go back to OTC Edge and choose Sign in again.';
      return expired(ctx, message);
    }
    const clientId = String(interaction.params.client_id ?? '');
    const redirect = (returnTo: string) => {
      ctx.status = 303;
      ctx.redirect(returnTo);
    };
    if (interaction.prompt.name !== 'login') {
      // The consent prompt (requested for offline_access, see routes.ts): given at once.
      const accountId = interaction.session?.accountId;
      if (!accountId) return sendHtml(ctx, 400, messagePage('Sign-in problem', 'Please sign in again.'));
      const grant = await grantFullScope(provider, audience, accountId, clientId, interaction.grantId);
      return redirect(
        await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId: grant.jti } }),
      );
    }
    if (ctx.method === 'GET') return sendHtml(ctx, 200, formPage(screen, { uid: interaction.uid }));
    if (ctx.method !== 'POST') {
      ctx.set('Allow', 'GET, POST');
      return sendHtml(ctx, 405, messagePage('Not allowed', 'Use the form.'));
    }
    let form: URLSearchParams;
    try {
      if (!ctx.is('application/x-www-form-urlencoded')) throw new Error('not a form');
      form = new URLSearchParams(await readBody(ctx.req, MAX_FORM_BYTES));
    } catch {
      return sendHtml(ctx, 400, messagePage('Sign-in problem', 'The form could not be read.'));
    }
    // The interaction cookie (SameSite=Lax, signed) names the interaction; the form must name the same one.
    if (form.get('state') !== interaction.uid) return expired(ctx, 'Please start again.');
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const outcome =
      screen === 'login' ? await signIn(ctx, email, password) : await signUp(ctx, email, password);
    if ('error' in outcome) {
      const { status, error } = outcome;
      return sendHtml(ctx, status, formPage(screen, { uid: interaction.uid, email, error }));
    }
    // Signed in and, as for Auth0's first-party apps, consented: no consent screen.
    const { accountId } = outcome;
    const grant = await grantFullScope(provider, audience, accountId, clientId);
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId: grant.jti } },
      { mergeWithLastSubmission: false },
    );
    return redirect(returnTo);
  };
}
