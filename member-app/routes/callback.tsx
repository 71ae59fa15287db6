import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { authRuntime } from '../auth/auth-service.ts';
import { clearSession } from '../auth/session.ts';

/**
 * The sign-in hand-off route, where every provider round trip starts and ends:
 * - ?login=signin | ?login=signup: off to the provider's login or sign-up screen (the static
 *   pages' Sign In and Sign Up links point here, so they need no script of their own);
 * - ?logout: signs out and returns to the site origin (the Account menu's Logout);
 * - ?code&state | ?error&state: back from the provider; the SDK completes the sign-in and the
 *   session is saved, then on to / (auth/AuthRuntime.tsx). A failure signs out (docs/product.md §4).
 */
interface CallbackSearch {
  login?: 'signin' | 'signup';
  logout?: true;
}

export const Route = createFileRoute('/callback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    ...(search.login === 'signin' || search.login === 'signup' ? { login: search.login } : {}),
    ...('logout' in search ? { logout: true as const } : {}),
  }),
  component: Callback,
});

function Callback() {
  const { login, logout } = Route.useSearch();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromProvider = params.has('state') && (params.has('code') || params.has('error'));
    if (logout) clearSession(); // signed out here at once, whatever happens next
    if (!login && !logout && !fromProvider) {
      void navigate({ to: '/', replace: true });
      return;
    }
    authRuntime()
      .then((runtime) => (logout ? runtime.logout() : login ? runtime.login(login) : undefined))
      .catch((error: unknown) => {
        if (logout) return window.location.replace('/');
        setProblem(error instanceof Error ? error.message : 'Sign-in is not available right now.');
      });
  }, [login, logout, navigate]);

  const message = logout ? 'Signing you out…' : login ? 'Taking you to sign in…' : 'Signing you in…';
  return (
    <section className="member-page callback" aria-live="polite">
      {problem ? (
        <>
          <h1>Sign-in problem</h1>
          <p role="alert">{problem}</p>
          <p>
            <a className="btn btn-primary" href={window.location.href}>
              Try again
            </a>
          </p>
        </>
      ) : (
        <p className="member-loading">{message}</p>
      )}
    </section>
  );
}
