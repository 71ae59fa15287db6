/**
 * First path segments served by the member app. netlify.toml rewrites exactly these
 * to the island page (a test keeps the two in step); everything else is static.
 */
export const memberSections = [
  'callback',
  'videos',
  'journal',
  'trades',
  'stream',
  'audio',
  'articles',
  'affiliates',
  'chat',
  'account',
  'payment',
] as const;

export function isMemberPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return (memberSections as readonly string[]).includes(first);
}
