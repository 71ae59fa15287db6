import { createFileRoute } from '@tanstack/react-router';
import { ModulePage } from '../courses/ModulePage.tsx';
import { loadModule } from '../courses/module-data.ts';

export const Route = createFileRoute('/learn/$course/$module')({
  staticData: { title: 'Course module', skeleton: 'heading rows' },
  loader: ({ context, params }) => loadModule(context.queryClient, params.course, params.module),
  component: Learn,
});

function Learn() {
  const { course } = Route.useParams();
  return <ModulePage data={Route.useLoaderData()} course={course} />;
}
