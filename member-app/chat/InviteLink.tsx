import { useState } from 'react';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';

const until = (ms: number) =>
  new Date(ms).toLocaleString('en-US', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The invite link with Copy and Open: it works once, for the username it was issued to. */
export function InviteLink({ invite, id }: { invite: ApiResponse<'user/discord'>; id: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.invite);
      setCopied('copied');
    } catch {
      // No clipboard (permission, old browser): the link is selected for the member to copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied('failed');
    }
  };
  return (
    <div className="invite-link">
      <label htmlFor={id}>Your invite link</label>
      <input id={id} readOnly value={invite.invite} onFocus={(event) => event.currentTarget.select()} />
      <div className="invite-link__actions">
        <button className="btn" type="button" onClick={copy}>
          Copy
        </button>
        <a className="btn btn-primary" href={invite.invite} target="_blank" rel="noopener noreferrer">
          Open
        </a>
      </div>
      <p className="muted" role="status">
        {copied === 'copied'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Copying is blocked here: the link is selected, copy it with your keyboard.'
            : `For ${invite.username}. It works once and expires ${until(invite.expiresAt)}; please don't share it.`}
      </p>
      <p className="muted">
        Joined with an earlier invite? Send your username again and the members' channels open for it.
      </p>
    </div>
  );
}
