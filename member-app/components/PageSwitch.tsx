import { Link } from '@tanstack/react-router';
import './page-switch.css';

type Target = '/journal' | '/trades' | '/stream' | '/audio';

/**
 * Two sibling rooms one click apart, above both (Notes | Trades, Live stream | Audio). The current
 * one is marked whatever its search says (a journal filtered by symbol is still the notes).
 */
export function PageSwitch({ label, items }: { label: string; items: { to: Target; text: string }[] }) {
  return (
    <nav className="page-switch" aria-label={label}>
      {items.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          activeOptions={{ includeSearch: false }}
          activeProps={{ 'aria-current': 'page' }}
        >
          {item.text}
        </Link>
      ))}
    </nav>
  );
}

/** Notes | Trades: the two journals. */
export const JOURNALS = [
  { to: '/journal', text: 'Notes' },
  { to: '/trades', text: 'Trades' },
] satisfies { to: Target; text: string }[];
