/**
 * SPEC §2: a video's link is /videos/watch/{id without 'vid_'}/{slug}, the slug being the title
 * lower-cased, spaces turned to hyphens and everything else that is not a letter or digit removed.
 */
export function videoSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

export function videoPath(video: { id: string; title: string }): string {
  return `/videos/watch/${video.id.replace(/^vid_/, '')}/${videoSlug(video.title)}`;
}
