import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/trades')({
  staticData: { title: 'Trade History' },
  component: () => <Placeholder title="Trade History" />,
});
