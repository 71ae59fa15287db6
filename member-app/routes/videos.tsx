import { createFileRoute } from '@tanstack/react-router';
export const Route = createFileRoute('/videos')({ component: () => <h1>Videos</h1> });
