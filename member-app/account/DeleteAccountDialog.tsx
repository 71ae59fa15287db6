import { useEffect, useRef, useState } from 'react';
import { callApi } from '../api/client.ts';
import { authRuntime } from '../auth/auth-service.ts';
import { clearSession } from '../auth/session.ts';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * "Delete my account": what happens, the password, one destructive confirm. The server ends the
 * subscription, chat access, the sign-in and every record of the member (docs/security.md "Your
 * data"). The moment it confirms, this device is signed out (signOutHere); the dialog says the
 * account is gone, and its button or closing it ends the provider's session too (its logout, back
 * to the site).
 */
export function DeleteAccountDialog({ onCancel }: { onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [deleted, setDeleted] = useState(false);
  const { status, onSubmit } = useSubmit(async () => {
    if (password === '') throw new Error('Enter your password to delete your account');
    await callApi('account/delete', { password });
    setDeleted(true);
    signOutHere();
    return 'Your account has been deleted.';
  });
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const signOut = () => void authRuntime().then((runtime) => runtime.logout());
  const error = status.kind === 'error' ? status.message : null;

  if (deleted)
    return (
      <dialog ref={ref} className="modal" aria-labelledby="account-deleted-title" onClose={signOut}>
        <h3 id="account-deleted-title">Your account has been deleted</h3>
        <p role="status">
          Your membership has ended and nothing of yours is kept, except the billing records the payment
          provider must keep by law. You can sign up again with the same email at any time, as a new member.
        </p>
        <div className="modal__actions">
          {/* biome-ignore lint/a11y/noAutofocus: the only way on, in a modal that just changed. */}
          <button type="button" className="btn btn-primary" onClick={signOut} autoFocus>
            Sign out
          </button>
        </div>
      </dialog>
    );

  return (
    <dialog ref={ref} className="modal" aria-labelledby="delete-account-title" onClose={onCancel}>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <h3 id="delete-account-title">Delete your account?</h3>
        <p>This cannot be undone. At once:</p>
        <ul>
          <li>your subscription ends, with no refund for the days left;</li>
          <li>your chat community access is taken away;</li>
          <li>your notes, trades, tags, course progress and certificates are deleted;</li>
          <li>you can no longer sign in with this email and password.</li>
        </ul>
        <p>Download your data first if you want to keep it.</p>
        <TextField
          id="delete-account-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          invalid={error !== null}
          describedBy="delete-account-status"
        />
        {error && (
          <p className="form-error" id="delete-account-status" role="alert">
            {error}
          </p>
        )}
        <div className="modal__actions">
          <button type="button" className="btn btn-ghost" onClick={() => ref.current?.close()}>
            Keep my account
          </button>
          <button type="submit" className="btn btn-primary" disabled={status.kind === 'busy'}>
            {status.kind === 'busy' ? 'Deleting…' : 'Delete my account for good'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The account is gone: this device is signed out at once, without leaving the page, which still
 * has the confirmation to show. The stored session goes first, so a reload or another tab is a
 * visitor's (not a member sent to /payment) and no call carries the deleted member's token; then
 * the sign-in SDK's cache, which holds tokens and the ID token's claims. Nothing on /account unmounts
 * when the session changes (its guard runs on navigation only), so the confirmation stays.
 */
function signOutHere(): void {
  clearSession();
  void authRuntime().then(
    (runtime) => runtime.clearCache(),
    () => undefined, // the SDK could not load: the stored session is gone all the same
  );
}
