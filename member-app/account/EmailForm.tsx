import { useState } from 'react';
import { emailError } from '../../functions/_lib/account/rules.ts';
import { callApi } from '../api/client.ts';
import { authRuntime } from '../auth/auth-service.ts';
import { sessionUser } from '../auth/session.ts';
import { useSessionUser } from '../auth/useSession.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/** SPEC §2 /account: change email (rules SPEC §5; the server checks again). */
export function EmailForm() {
  const user = useSessionUser();
  const [email, setEmail] = useState('');
  const { status, onSubmit } = useSubmit(async () => {
    const stored = sessionUser();
    if (!stored) throw new Error('No User Found');
    const problem = emailError(email);
    if (problem) throw new Error(problem);
    await callApi('user/updateemail', { email: email.trim(), userID: stored.sub });
    // New tokens carry the new address; the stored profile follows.
    await (await authRuntime()).renewToken({ force: true }).catch(() => {});
    setEmail('');
    return 'Your email has been updated.';
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
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Saving…' : 'Update Email'}
      </button>
      <FormStatusLine status={status} id="email-status" />
    </form>
  );
}
