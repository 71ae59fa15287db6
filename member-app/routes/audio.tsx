import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/audio')({
  staticData: { title: 'Audio' },
  component: () => <Placeholder title="Audio" />,
});
