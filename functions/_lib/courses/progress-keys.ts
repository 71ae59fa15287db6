/**
 * Where course progress, certificates and the operator's course counters live in Redis
 * (docs/courses.md, "Data model"). A member's own keys are under the token subject's namespace; a
 * certificate's public record holds no subject, only what its public page shows.
 */
export const progressKeys = {
  /**
   * HASH video id → JSON WatchRecord { b, p, t }: which hundredths of the video the member has
   * watched (b: 25 hex digits, 100 bits), the last position reported (p, s) and when (t, ms).
   */
  watch: (sub: string) => `u:${sub}:watch`,
  /** SET of the video ids the member has watched (WATCHED_SHARE of the whole video): the library's checks. */
  watched: (sub: string) => `u:${sub}:watched`,
  /** SET of article slugs the member has read to the end or marked read. */
  articlesRead: (sub: string) => `u:${sub}:articles-read`,
  /** HASH course slug → JSON { id, name, issuedAt }: the member's certificates. */
  certificates: (sub: string) => `u:${sub}:certificates`,
  /** HASH: the member's trading profile for practice goals (accountSize: dollars, a decimal string). */
  profile: (sub: string) => `u:${sub}:course-profile`,
} as const;

/** STRING JSON CertificateRecord: a certificate's public record, read by /certificates/{id}. */
export const certificateKey = (id: string) => `certificate:${id}`;

/**
 * STRING `{version}:{base64 PNG}`: the certificate's preview image as last drawn
 * (certificate-image-cache.ts), 30 days; removed with the certificate.
 */
export const certificateImageKey = (id: string) => `certificate:png:${id}`;

/** A certificate as its public page shows it: nothing else is stored in it. */
export interface CertificateRecord {
  /** 20 url-safe random characters: the address /certificates/{id}. */
  id: string;
  course: string;
  courseTitle: string;
  /** The display name the member chose (1–80 characters, trimmed). */
  name: string;
  /** When it was issued (ms). */
  issuedAt: number;
}

/**
 * The operator's counters per course (npm run courses:report), kept up to date by the writes that
 * change a member's progress, so the report reads a handful of keys and never walks members' keys.
 * Sets hold members' subjects (a member counts once however often they return).
 */
export const courseStatsKeys = {
  /** SET: members who started the course (any lesson started). */
  started: (course: string) => `courses:${course}:started`,
  /** SET: members who started a lesson (a watch report on its video, or its article read). */
  lessonStarted: (course: string, lesson: string) => `courses:${course}:lesson:${lesson}:started`,
  /** SET: members who completed a lesson. */
  lessonCompleted: (course: string, lesson: string) => `courses:${course}:lesson:${lesson}:completed`,
  /** SET: members who attempted a module's check. */
  checkAttempted: (course: string, module: string) => `courses:${course}:check:${module}:attempted`,
  /** SET: members who passed a module's check. */
  checkPassed: (course: string, module: string) => `courses:${course}:check:${module}:passed`,
  /**
   * ZSET member subject → index (0-based, course order) of the furthest lesson completed, only ever
   * raised (ZADD GT): where members stop.
   */
  furthest: (course: string) => `courses:${course}:furthest`,
  /** SET: members who completed the whole course (a certificate was issued at least once). */
  completed: (course: string) => `courses:${course}:completed`,
} as const;
