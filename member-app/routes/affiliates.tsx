import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/affiliates')({
  staticData: { title: 'Affiliates' },
  component: () => <Placeholder title="Affiliates" />,
});
