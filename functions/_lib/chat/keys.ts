/**
 * Where chat state lives in the store. Per member, keyed by the token's subject, so one member can
 * never reach another's invite whatever the request says.
 */
export const chatKeys = {
  /** JSON ChatRecord: the username the member gave, their live invite, whether access was revoked. */
  member: (sub: string) => `chat:member:${sub}`,
  /**
   * Held while an invite is being created or access follows the membership, so two clicks make one
   * invite and a billing change never crosses a username switch.
   */
  lock: (sub: string) => `chat:lock:${sub}`,
  /** The sub of the member who holds this (normalized) chat username: one member per username. */
  owner: (username: string) => `chat:owner:${username}`,
  /**
   * The sub of the member whose role this community account carries (Discord's user id; locally the
   * username): one member per account, whatever the account is called today.
   */
  account: (kind: string, id: string) => `chat:account:${kind}:${id}`,
  // The local stand-in for Discord (local-chat.ts, and the invite page of the local stack).
  /** JSON LocalInvite, immutable once written. */
  localInvite: (code: string) => `chat:local:invite:${code}`,
  /** 'used:{ms}' or 'revoked:{ms}', set once (SET NX): the first of opening and revoking wins. */
  localInviteState: (code: string) => `chat:local:invite:${code}:state`,
  /** JSON LocalCommunityUser: a username that joined the local community, and whether it has the member role. */
  localUser: (username: string) => `chat:local:user:${username}`,
};
