/**
 * Navigation entries (docs/product.md §2 Layout), shared by the static layout and the
 * member app. Free of Astro/zod imports so browser code can import it.
 */
import { site } from './site.ts';

export interface NavLink {
  readonly label: string;
  readonly href: string;
  /** Shown only to signed-out visitors (rendered with `data-signed-out`). */
  readonly signedOutOnly?: boolean;
  /** Shown only to members (rendered with `data-signed-in-only`): their paid rooms. */
  readonly signedInOnly?: boolean;
  /** Other sections the entry stands for (Live is current on /audio too). */
  readonly sections?: readonly string[];
  /** Opens another site or app (mailto:, social profile...). */
  readonly external?: boolean;
}

/** Top navigation links, in order. */
export const mainNav: readonly NavLink[] = [
  { label: 'Videos', href: '/videos' },
  // The courses, for visitors and members; current on a module's page (/learn/…) too.
  { label: 'Courses', href: '/courses', sections: ['/learn'] },
  // The daily stream and the podcast: members reach them from the bar, not only by address.
  { label: 'Live', href: '/stream', signedInOnly: true, sections: ['/audio'] },
  { label: 'Journal', href: '/journal' },
  { label: 'Trades', href: '/trades', signedInOnly: true },
  { label: 'Affiliates', href: '/affiliates' },
  { label: 'Articles', href: '/articles' },
  { label: 'Features', href: '/features', signedOutOnly: true },
  { label: 'Media', href: '/media' },
  { label: 'Chat', href: '/chat' },
];

/** Footer links, in order. */
export const footerNav: readonly NavLink[] = [
  { label: 'FAQ', href: '/faq' },
  { label: 'Terms of Use', href: '/terms' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Disclaimer', href: '/disclaimer' },
  { label: 'Disclosure', href: '/disclosure' },
  { label: 'Contact', href: site.contactUrl, external: true },
];

/** True when `href` is the current page or a parent section of it ("/videos" for "/videos/latest"). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

/** True when the nav entry stands for the current page (its own section or one it also covers). */
export function isCurrentLink(link: NavLink, pathname: string): boolean {
  return [link.href, ...(link.sections ?? [])].some((href) => isCurrent(href, pathname));
}

/**
 * Sign-in hand-offs (docs/product.md §2 Layout, §4): plain links to the member app's /callback route, which
 * starts the provider's login or sign-up screen, or signs out. Static pages need no script for them.
 */
export const authLinks = {
  signIn: '/callback?login=signin',
  signUp: '/callback?login=signup',
  logout: '/callback?logout',
} as const;
