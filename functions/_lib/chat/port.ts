/**
 * The chat port: Discord in production, local invite links by default. The domain (invites.ts,
 * access.ts) decides what may happen and keeps our records; an adapter only talks to its community.
 */
export interface Invite {
  code: string;
  /** The link the member opens: https://discord.gg/{code}, or the local stand-in's page. */
  url: string;
  /** When the link stops working, ms since the epoch. */
  expiresAt: number;
}

/** Who an invite or an access change is for: our member, and the chat username they gave us. */
export interface ChatMember {
  sub: string;
  username: string;
}

export interface Chat {
  readonly kind: 'discord' | 'local';
  /** A new single-use invite with a limited life, issued for this member. */
  createInvite(member: ChatMember): Promise<Invite>;
  /** Whether an invite we issued can still be used (not used, not expired, not revoked). */
  inviteIsLive(invite: Invite): Promise<boolean>;
  /**
   * The community's own id of the account that has this username now (Discord's user id, which a
   * rename keeps; locally the username), or null when no account by that name has joined.
   */
  findAccount(username: string): Promise<string | null>;
  /** Gives the account the member role. False when it is no longer in the community. */
  grantAccess(account: string): Promise<boolean>;
  /**
   * Takes the member role away from the account (when there is one) and any invite still
   * outstanding. False when the account is not in the community.
   */
  revokeAccess(account: string | null, invite: Invite | null): Promise<boolean>;
}

/**
 * The community could not be reached or refused the bot: the message is for the member (never the
 * provider's body or our token). `status`: 503 when it is down or rate-limiting us, 502 otherwise.
 */
export class ChatUnavailableError extends Error {
  override name = 'ChatUnavailableError';
  readonly status: 502 | 503;
  constructor(message: string, status: 502 | 503 = 503) {
    super(message);
    this.status = status;
  }
}
