/** `/challenges/$challengeId`: the test screen (spec §2). */
import { Navigate, createFileRoute, redirect } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { MobileGate } from '../features/test-screen/mobile-gate.tsx';
import { TestScreen } from '../features/test-screen/test-screen.tsx';
import { currentValidSession, sessionReady, useSession } from '../session/index.ts';

export const Route = createFileRoute('/challenges/$challengeId')({
  beforeLoad: async () => {
    await sessionReady();
    // Spec §2: without a user token it redirects to /.
    if (!currentValidSession()) throw redirect({ to: '/', replace: true });
  },
  component: TestPage,
});

function TestPage() {
  const { challengeId } = Route.useParams();
  const session = useSession();
  // Logged out here or in another tab: leave the test screen.
  if (!session) return <Navigate to="/" replace />;
  return (
    <MobileGate>
      <SiteHeader />
      <main id="main">
        <TestScreen session={session} challengeId={challengeId} />
      </main>
    </MobileGate>
  );
}
