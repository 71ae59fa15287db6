import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/chat')({
  staticData: { title: 'Chat' },
  component: () => <Placeholder title="Chat" />,
});
