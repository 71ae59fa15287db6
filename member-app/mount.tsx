import { createRoot } from 'react-dom/client';
import MemberApp from './MemberApp.tsx';

/**
 * Starts the member app in a plain element: the static / page does this for a signed-in member
 * (the dashboard), so visitors on / never download it. Member routes use the Astro island instead.
 */
export function mountMemberApp(element: Element): void {
  createRoot(element).render(<MemberApp />);
}
