import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignedIn } from '../auth/useSession.ts';
import { Placeholder } from '../components/Placeholder.tsx';

// The signed-in home dashboard. Visitors get the static landing page at / instead: a full load.
export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  const signedIn = useSignedIn();
  useEffect(() => {
    if (!signedIn) window.location.replace('/');
  }, [signedIn]);
  return signedIn ? <Placeholder title="Home" /> : null;
}
