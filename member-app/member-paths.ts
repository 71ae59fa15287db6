/**
 * First path segments served by the member app. netlify.toml rewrites exactly these
 * to the island page (a test keeps the two in step); everything else is static.
 * /articles is not here: the list and every article are pre-built pages (site/pages/articles/);
 * a members-only article's body is loaded into its page for signed-in members.
 */
export const memberSections = [
  'callback',
  'videos',
  'journal',
  'trades',
  'stream',
  'audio',
  'affiliates',
  'chat',
  'account',
  'payment',
  // /learn/{course}/{module}: a course module's lessons and check. /courses pages are static.
  'learn',
  // The operator's console (docs/operator.md): for operators, who need not be members.
  'console',
] as const;

export function isMemberPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return (memberSections as readonly string[]).includes(first);
}
