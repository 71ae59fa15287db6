import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

// The signed-in home dashboard; visitors get the static landing page at / instead.
export const Route = createFileRoute('/')({
  component: () => <Placeholder title="Home" />,
});
