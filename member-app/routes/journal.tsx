import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/journal')({
  staticData: { title: 'Trading Journal' },
  component: () => <Placeholder title="Trading Journal" />,
});
