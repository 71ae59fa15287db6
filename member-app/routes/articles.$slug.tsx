import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/articles/$slug')({
  staticData: { title: 'Articles' },
  component: () => <Placeholder title="Article" />,
});
