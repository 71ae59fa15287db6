import { Component, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { authRuntimeWanted, failAuthRuntime, subscribeAuthRuntimeWanted } from './auth-service.ts';
import { subscribeSession } from './session.ts';

// Its own chunk: the SDK loads beside the app's first render, never in front of it.
const AuthRuntime = lazy(() => import('./AuthRuntime.tsx'));

const subscribe = (listener: () => void) => {
  const offSession = subscribeSession(listener);
  const offWanted = subscribeAuthRuntimeWanted(listener);
  return () => {
    offSession();
    offWanted();
  };
};

/** Mounts the sign-in SDK while there is a session to keep fresh or a sign-in to start. */
export function AuthHost() {
  const wanted = useSyncExternalStore(subscribe, authRuntimeWanted);
  if (!wanted) return null;
  return (
    <RuntimeBoundary>
      <Suspense fallback={null}>
        <AuthRuntime />
      </Suspense>
    </RuntimeBoundary>
  );
}

/** A failed SDK or settings load must not take the page down: waiting callers get the error instead. */
class RuntimeBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    failAuthRuntime(error instanceof Error ? error : new Error(String(error)));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
