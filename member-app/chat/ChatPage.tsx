import { useSignedIn } from '../auth/useSession.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { ChatInviteForm } from './ChatInviteForm.tsx';

/** docs/product.md §2 /chat: members get the username form and their invite; visitors the join prompt. */
export function ChatPage() {
  const signedIn = useSignedIn();
  return (
    <section className="member-page" aria-labelledby="page-title">
      <h1 id="page-title">Chat</h1>
      {signedIn ? (
        <ChatInviteForm idPrefix="chat" heading="Your invite to the members' chat" />
      ) : (
        <VisitorPitch heading="Trade alongside the community">
          Members share setups, filings and fills in a private Discord chat all trading day, and ask questions
          during the live stream. Join to get your invite.
        </VisitorPitch>
      )}
    </section>
  );
}
