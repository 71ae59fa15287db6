import { Link } from '@tanstack/react-router';

/** Live stream | Audio: the two listening rooms side by side, one click apart. */
export function MediaTabs() {
  return (
    <nav className="media-tabs" aria-label="Live and audio">
      <Link to="/stream" activeProps={{ 'aria-current': 'page' }}>
        Live stream
      </Link>
      <Link to="/audio" activeProps={{ 'aria-current': 'page' }}>
        Audio
      </Link>
    </nav>
  );
}
