import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/stream')({
  staticData: { title: 'Live Stream' },
  component: () => <Placeholder title="Live Stream" />,
});
