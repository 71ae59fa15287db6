/**
 * Where chat state lives in the store. Per member, keyed by the token's subject, so one member can
 * never reach another's invite whatever the request says.
 */
export const chatKeys = {
  /** JSON ChatRecord: the username the member gave, their live invite, whether access was revoked. */
  member: (sub: string) => `chat:member:${sub}`,
  /** Held while an invite is being created, so two clicks make one invite. */
  lock: (sub: string) => `chat:lock:${sub}`,
  // The local stand-in for Discord (local-chat.ts, and the invite page of the local stack).
  /** JSON LocalInvite, immutable once written. */
  localInvite: (code: string) => `chat:local:invite:${code}`,
  /** 'used:{ms}' or 'revoked:{ms}', set once (SET NX): the first of opening and revoking wins. */
  localInviteState: (code: string) => `chat:local:invite:${code}:state`,
  /** JSON LocalCommunityUser: a username that joined the local community, and whether it has the member role. */
  localUser: (username: string) => `chat:local:user:${username}`,
};
