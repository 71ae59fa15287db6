import { authRuntime } from '../auth/auth-service.ts';
import { TextField } from './TextField.tsx';

// The parts the email and password forms share: a change of sign-in details asks for the current
// password, and then every sign-in of the member ends.

/**
 * After a password change every sign-in of the member has ended (the server revoked them and the
 * tokens already issued), this device's too. Signing in again now, with the new details, gives a
 * fresh session.
 */
export function SignInAgain() {
  return (
    <button
      type="button"
      className="btn btn-ghost"
      onClick={() => void authRuntime().then((runtime) => runtime.login('signin'))}
    >
      Sign in again
    </button>
  );
}

/** The confirmation's second sentence: why the member is asked to sign in again. */
export const SIGNED_OUT_EVERYWHERE = 'Every device has been signed out: sign in again with';

/** The current password an email or password change asks for (the server checks it). */
export function CurrentPasswordField(props: {
  id: string;
  value: string;
  onValue: (value: string) => void;
  invalid: boolean;
  describedBy: string;
}) {
  return <TextField {...props} label="Current password" type="password" autoComplete="current-password" />;
}
