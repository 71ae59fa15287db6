import { useState } from 'react';
import { emailError } from '../../functions/_lib/account/rules.ts';
import { callApi } from '../api/client.ts';
import { sessionUser } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSession.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { CurrentPasswordField } from './SignInChange.tsx';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * docs/product.md §2 /account: change email (rules docs/product.md §5; the server checks again). Beyond the brief, the
 * current password is asked too, and nothing changes until the member follows the link mailed to
 * the new address (docs/identity.md): then every device is signed out, and the next sign-in is
 * with the new address.
 */
export function EmailForm() {
  const user = useSessionUser();
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const { status, onSubmit } = useSubmit(async () => {
    const stored = sessionUser();
    if (!stored) throw new Error('No User Found');
    const problem = emailError(email);
    if (problem) throw new Error(problem);
    if (current === '') throw new Error('Enter your current password');
    const next = email.trim();
    const { email: sent } = await callApi('user/updateemail', {
      email: next,
      currentPassword: current,
      userID: stored.sub,
    });
    setEmail('');
    setCurrent('');
    return `We sent a link to ${sent}. Follow it within 24 hours to make it your email; until then nothing changes.`;
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="email-title">
      <h2 id="email-title">Email</h2>
      {user?.email && (
        <p className="muted">
          Signed in as <strong data-current-email>{user.email}</strong>
        </p>
      )}
      <TextField
        id="new-email"
        label="New email"
        type="email"
        autoComplete="email"
        value={email}
        onValue={setEmail}
        invalid={status.kind === 'error'}
        describedBy="email-status"
      />
      <CurrentPasswordField
        id="email-current-password"
        value={current}
        onValue={setCurrent}
        invalid={status.kind === 'error'}
        describedBy="email-status"
      />
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Saving…' : 'Update Email'}
      </button>
      <FormStatusLine status={status} id="email-status" />
    </form>
  );
}
