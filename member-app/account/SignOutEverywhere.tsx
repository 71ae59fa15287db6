import { callApi } from '../api/client.ts';
import { authRuntime } from '../auth/auth-service.ts';
import { FormStatusLine } from './FormStatusLine.tsx';
import { useSubmit } from './useSubmit.ts';

/**
 * "Sign out everywhere" (docs/identity.md): a lost phone, a shared computer. The server ends every
 * sign-in of the member and the tokens already issued; then this device signs out too, back to the
 * site, as Logout does.
 */
export function SignOutEverywhere() {
  const { status, onSubmit } = useSubmit(async () => {
    await callApi('user/signout', {});
    void authRuntime().then((runtime) => runtime.logout());
    return 'Every device has been signed out. Taking you to the home page…';
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="devices-title">
      <h2 id="devices-title">Signed-in devices</h2>
      <p className="muted">
        Lost a phone, or signed in on a computer that is not yours? Sign out of every device at once, this one
        too.
      </p>
      <button
        className="btn btn-ghost"
        type="submit"
        disabled={status.kind !== 'idle' && status.kind !== 'error'}
      >
        {status.kind === 'busy' ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      <FormStatusLine status={status} id="devices-status" />
    </form>
  );
}
