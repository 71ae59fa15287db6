import { useState } from 'react';
import { usernameError } from '../../functions/_lib/chat/rules.ts';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { FormStatusLine } from '../account/FormStatusLine.tsx';
import { TextField } from '../account/TextField.tsx';
import { useSubmit } from '../account/useSubmit.ts';
import { callApi } from '../api/client.ts';
import { sessionUser } from '../auth/session.ts';
import { InviteLink } from './InviteLink.tsx';
import './chat.css';

type Invite = ApiResponse<'user/discord'>;

/**
 * docs/product.md §2 /chat and /account's chat-community part: the member's Discord username (docs/product.md §5: required;
 * 'No User Found' without a stored user) in, a single-use invite link out, with Copy and Open.
 * The rules are the server's own (chat/rules.ts); the server checks again and its message is shown.
 */
export function ChatInviteForm({ idPrefix, heading }: { idPrefix: string; heading: string }) {
  const [username, setUsername] = useState('');
  const [invite, setInvite] = useState<Invite | null>(null);
  const ids = {
    title: `${idPrefix}-chat-title`,
    field: `${idPrefix}-discord`,
    status: `${idPrefix}-chat-status`,
  };
  const { status, onSubmit } = useSubmit(async () => {
    const stored = sessionUser();
    if (!stored) throw new Error('No User Found');
    const problem = usernameError(username);
    if (problem) throw new Error(problem);
    setInvite(await callApi('user/discord', { discord: username.trim(), userID: stored.sub }));
    return 'Your invite is ready.';
  });
  return (
    <form className="account-form chat-invite" onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
      <h2 id={ids.title}>{heading}</h2>
      <p className="muted">
        Our members talk trades all day on Discord. Enter your Discord username to get your private,
        single-use invite.
      </p>
      <TextField
        id={ids.field}
        label="Discord username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={40}
        value={username}
        onValue={setUsername}
        invalid={status.kind === 'error'}
        describedBy={ids.status}
      />
      <button className="btn btn-primary" type="submit" disabled={status.kind === 'busy'}>
        {status.kind === 'busy' ? 'Getting your invite…' : 'Get Invite'}
      </button>
      <FormStatusLine status={status} id={ids.status} />
      {/* The last link stays on screen while it may still work, also when a later try fails. */}
      {invite && <InviteLink invite={invite} id={`${idPrefix}-invite`} />}
    </form>
  );
}
