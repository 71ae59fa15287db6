import { createRouter, RouterProvider } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
const router = createRouter({ routeTree });
export default function MemberApp() { return <RouterProvider router={router} />; }
