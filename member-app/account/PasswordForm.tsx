import { useState } from 'react';
import { passwordPairError } from '../../functions/_lib/account/rules.ts';
import { callApi } from '../api/client.ts';
import { sessionUser } from '../auth/session.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/** SPEC §2 /account: change password, typed twice (rules SPEC §5; the server checks again). */
export function PasswordForm() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { status, onSubmit } = useSubmit(async () => {
    const stored = sessionUser();
    if (!stored) throw new Error('No User Found');
    const problem = passwordPairError(password, confirmation);
    if (problem) throw new Error(problem);
    await callApi('user/updatepassword', { password, userID: stored.sub });
    setPassword('');
    setConfirmation('');
    return 'Your password has been updated.';
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {[
        { id: 'new-password', label: 'New password', value: password, onValue: setPassword },
        { id: 'confirm-password', label: 'Confirm password', value: confirmation, onValue: setConfirmation },
      ].map((field) => (
        <TextField
          key={field.id}
          {...field}
          type="password"
          autoComplete="new-password"
          invalid={status.kind === 'error'}
          describedBy="password-status"
        />
      ))}
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Saving…' : 'Update Password'}
      </button>
      <FormStatusLine status={status} id="password-status" />
    </form>
  );
}
