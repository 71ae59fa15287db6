import { z } from 'zod';

/**
 * The request/response contract of every /api call, shared by functions/ (runtime
 * validation) and member-app/ (types only, so no schema code ships to the browser).
 * Keys are the path after /api/; the function file is the key with '/' → '-' (user/updateemail → user-updateemail.ts).
 */

/** SPEC §7: the member app adds the caller's custID to every body; the server never trusts it. */
const Body = z.object({ custID: z.string().max(100).optional() });

export const Tag = z.object({ canonical: z.string(), tag: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Playlist = z.object({ id: z.string(), title: z.string() });
export type Playlist = z.infer<typeof Playlist>;

/**
 * SPEC §3 Article (title, preview, img, body) with what the pages need: its address, the cover's
 * description, the date and whether it is free. `body` is HTML rendered from the editor's Markdown.
 */
export const Article = z.object({
  slug: z.string(),
  title: z.string(),
  preview: z.string(),
  img: z.string(),
  imgAlt: z.string(),
  date: z.string(),
  free: z.boolean(),
  body: z.string(),
});
export type Article = z.infer<typeof Article>;

/** SPEC §7 sends a userID with account changes; it is accepted and ignored (the token says who). */
const AccountBody = Body.extend({ userID: z.string().max(200).optional() });
const Updated = z.object({ updated: z.literal(true) });

export const api = {
  // Where the browser signs in (SPEC §4 Authentication); read at run time, so one build serves any tenant.
  appconfig: {
    method: 'GET',
    request: z.object({}),
    response: z.object({
      auth: z.object({ domain: z.string(), clientId: z.string(), audience: z.string() }),
    }),
  },
  // Every article with its body: members only (SPEC §6).
  articles: {
    method: 'POST',
    request: Body,
    response: z.object({ articles: z.array(Article) }),
  },
  // The free articles with their bodies: anyone (SPEC §4 start-up without a token).
  'articles/free': {
    method: 'POST',
    request: Body,
    response: z.object({ articles: z.array(Article) }),
  },
  health: {
    method: 'GET',
    request: z.object({}),
    response: z.object({ status: z.enum(['ok', 'degraded']), store: z.enum(['ok', 'unreachable']) }),
  },
  playlists: {
    method: 'POST',
    request: Body,
    response: z.object({ playlists: z.array(Playlist) }),
  },
  tags: {
    method: 'POST',
    request: Body,
    response: z.object({ tags: z.array(Tag) }),
  },
  // Messages for bad values come from account/rules.ts (SPEC §5 wording), checked by the domain.
  'user/updateemail': {
    method: 'POST',
    request: AccountBody.extend({ email: z.string({ error: 'Email is Required' }).max(1000) }),
    response: Updated,
  },
  'user/updatepassword': {
    method: 'POST',
    request: AccountBody.extend({ password: z.string({ error: 'Both fields are Required' }).max(1000) }),
    response: Updated,
  },
} as const;

export type ApiName = keyof typeof api;
export type ApiRequest<N extends ApiName> = z.input<(typeof api)[N]['request']>;
export type ApiResponse<N extends ApiName> = z.output<(typeof api)[N]['response']>;
export type ApiMethod<N extends ApiName> = (typeof api)[N]['method'];
