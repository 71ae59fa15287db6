import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/payment')({
  staticData: { title: 'Sign Up' },
  component: () => <Placeholder title="Sign Up" />,
});
