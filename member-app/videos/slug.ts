/**
 * docs/product.md §2: a video's link is /videos/watch/{id without 'vid_'}/{slug}, the slug being the title
 * lower-cased, spaces turned to hyphens and everything else that is not a letter or digit removed.
 */
export function videoSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** The route params of a video's page: the id without 'vid_', and the title's slug. */
export function videoParams(video: { id: string; title: string }): { videoId: string; slug: string } {
  return { videoId: video.id.replace(/^vid_/, ''), slug: videoSlug(video.title) };
}

export function videoPath(video: { id: string; title: string }): string {
  const { videoId, slug } = videoParams(video);
  return `/videos/watch/${videoId}/${slug}`;
}
