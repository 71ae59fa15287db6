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

export const PlanName = z.enum(['monthly', 'yearly']);
const PlanInfo = z.object({ id: z.string(), price: z.string() });
/** SPEC §3 Stored plans: monthly and yearly, each with plan id and price. */
export const Plans = z.object({ monthly: PlanInfo, yearly: PlanInfo });
/** SPEC §3 Chapter: where a section of a video starts, in seconds. */
export const Chapter = z.object({ title: z.string(), startTime: z.number() });
export type Chapter = z.infer<typeof Chapter>;

/**
 * SPEC §3 Video, as lists carry it. `id` is the short id used in links (/videos/watch/{id}/{slug});
 * `vid_id` is the same with the 'vid_' prefix. `timestamp` is the publication time in ms (unique in
 * the library, so it doubles as the paging cursor), `duration` in seconds. `uri` is the player id:
 * members only, never sent to visitors.
 */
export const Video = z.object({
  id: z.string(),
  vid_id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  timestamp: z.number(),
  duration: z.number(),
  uri: z.string().optional(),
  tags: z.array(Tag),
});
export type Video = z.infer<typeof Video>;

/** One video with what its page needs: the description, chapters, and the member's saved position. */
export const VideoDetail = Video.extend({
  description: z.string(),
  chapters: z.array(Chapter),
  /** Where the member stopped watching, in seconds (members only; absent when not started). */
  position: z.number().optional(),
});
export type VideoDetail = z.infer<typeof VideoDetail>;

/** A video the member has started and not finished, with the saved position (seconds). */
export const WatchingVideo = Video.extend({ position: z.number() });
export type WatchingVideo = z.infer<typeof WatchingVideo>;

/** SPEC §3 Audio track; `uri` is a podcast embed URL or a local sample file. */
export const AudioTrack = z.object({
  track_id: z.string(),
  title: z.string(),
  timestamp: z.number(),
  uri: z.string(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;

/** A number, also when sent as a numeric string (older clients send the cursor as text). */
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const canonical = z.string().regex(/^[a-z0-9-]{1,60}$/, 'use a canonical tag name');
/** Video lists by group: latest, and one per playlist (essentials, dd, frontload_friday…). */
export const VideoGroups = z.record(z.string(), z.array(Video));
export type VideoGroups = z.infer<typeof VideoGroups>;

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
      billing: z.object({ publishableKey: z.string().nullable() }),
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
  /**
   * SPEC §7: lists by group. Without `playlist`, `more`, `search` or `tags`: latest, essentials and dd;
   * with `playlist`: that playlist only; `search`/`tags` filter (a tagged fetch reads latest);
   * `more` continues after the video with that timestamp. Members get up to 100 per group,
   * visitors the 25 latest without player ids.
   */
  videos: {
    method: 'POST',
    request: Body.extend({
      maxResults: numeric.pipe(z.number().int().min(1)).optional(),
      more: numeric.nullable().optional(),
      playlist: z
        .string()
        .regex(/^[a-z0-9_]{1,40}$/, 'use a playlist id')
        .nullable()
        .optional(),
      search: z.string().max(200).nullable().optional(),
      tags: z.array(canonical).max(20).nullable().optional(),
    }),
    response: VideoGroups,
  },
  'videos/metadata': {
    method: 'POST',
    request: Body.extend({ nodeId: z.string().regex(/^(vid_)?[\w-]{1,64}$/, 'use a video id') }),
    response: VideoDetail,
  },
  /** Resume watching: the member's position in one video (seconds), sent every few seconds of play. */
  'videos/progress': {
    method: 'POST',
    request: Body.extend({
      nodeId: z.string().regex(/^(vid_)?[\w-]{1,64}$/, 'use a video id'),
      position: z.number().min(0).max(86_400),
      duration: z.number().min(0).max(86_400).optional(),
    }),
    response: z.object({ saved: z.literal(true) }),
  },
  /** Videos the member started and has not finished, most recently watched first. */
  'videos/continue': {
    method: 'POST',
    request: Body,
    response: z.object({ videos: z.array(WatchingVideo) }),
  },
  /** SPEC §2 /audio: the latest podcast episodes, newest first (members). */
  audio: {
    method: 'POST',
    request: Body,
    response: z.object({ audio: z.array(AudioTrack) }),
  },
  /** SPEC §2 /stream: the live event's embed (members). */
  stream: {
    method: 'POST',
    request: Body,
    response: z.object({ stream: z.object({ title: z.string(), embed: z.string() }) }),
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
  // --- billing (SPEC §7) ---
  charge: {
    method: 'POST',
    request: Body.extend({
      email: z.string({ error: 'Email is Required' }).max(1000),
      planID: z.string({ error: 'Choose the Monthly or Yearly plan' }).min(1).max(200),
      // Stripe PaymentMethod id, or the local test card token.
      token: z.string({ error: 'Card Info Required' }).max(200),
      promo: z.string().max(100).nullable().optional(),
    }),
    response: z.object({ subscribed: z.literal(true), plan: PlanName }),
  },
  'payment/verify': {
    method: 'POST',
    request: Body.extend({ promoAccess: z.enum(['email']).optional() }),
    response: z.object({
      redirect: z.literal('/').optional(),
      plans: Plans,
      /** The newsletter promotion, for a visitor who came through ?discount=email. */
      emailPromo: z.string().optional(),
    }),
  },
  promo: {
    method: 'POST',
    request: Body.extend({ promo: z.string({ error: 'Invalid Promo Code' }).max(100) }),
    response: z.union([
      z.object({ promo: z.string(), promoPlan: PlanName, discount: z.number() }),
      z.object({ promo: z.literal(false) }),
    ]),
  },
  'subscription/status': {
    method: 'POST',
    request: Body,
    response: z.object({
      plan: z.enum(['monthly', 'yearly', 'free']),
      noRenew: z.boolean(),
      /** ms since the epoch; null on the free plan. */
      endPeriod: z.number().nullable(),
    }),
  },
  'subscription/toggle': {
    method: 'POST',
    request: Body.extend({ renew: z.boolean({ error: 'renew must be true or false' }) }),
    response: z.object({ noRenew: z.boolean(), endPeriod: z.number() }),
  },
  'subscription/upgrade': {
    method: 'POST',
    request: Body,
    response: z.object({ noRenew: z.boolean(), endPeriod: z.number(), plan: PlanName }),
  },
  'user/updatecard': {
    method: 'POST',
    request: Body.extend({ token: z.string({ error: 'Card Info Required' }).max(200) }),
    response: Updated,
  },
  // Stripe's webhook: the raw body is verified against its signature, never parsed by a schema first.
  'billing/webhook': {
    method: 'POST',
    request: z.unknown(),
    response: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }),
  },
} as const;

export type ApiName = keyof typeof api;
export type ApiRequest<N extends ApiName> = z.input<(typeof api)[N]['request']>;
export type ApiResponse<N extends ApiName> = z.output<(typeof api)[N]['response']>;
export type ApiMethod<N extends ApiName> = (typeof api)[N]['method'];
