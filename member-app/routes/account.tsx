import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/account')({
  staticData: { title: 'Account Settings' },
  component: () => <Placeholder title="Account Settings" />,
});
