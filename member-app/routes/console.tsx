import { createFileRoute } from '@tanstack/react-router';
import { ConsolePage } from '../console/ConsolePage.tsx';

// No loader and no guard: the page decides from the session and the first operator call (an
// operator need not be a member, so nothing here may make a member call).
export const Route = createFileRoute('/console')({
  staticData: { title: 'Console', skeleton: 'heading tabs rows' },
  component: ConsolePage,
});
