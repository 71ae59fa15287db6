import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/articles/')({
  staticData: { title: 'Articles' },
  component: () => <Placeholder title="Articles" />,
});
