/** `/`: the student screen (spec §2), composed from the auth, test-code and guide features. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { GuideLauncher } from '../features/guide/guide-launcher.tsx';
import { StudentScreen } from '../features/student-auth/student-screen.tsx';
import { TestCodeForm } from '../features/test-code/test-code-form.tsx';
import { sessionReady } from '../session/index.ts';

export const Route = createFileRoute('/')({
  // The step shown depends on the session, which may still be coming back from IndexedDB.
  beforeLoad: () => sessionReady(),
  component: StudentPage,
});

function StudentPage() {
  const navigate = useNavigate();
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <StudentScreen
          stepTwo={
            <TestCodeForm
              onStart={(code) =>
                void navigate({ to: '/challenges/$challengeId', params: { challengeId: code } })
              }
            />
          }
          guide={<GuideLauncher />}
        />
      </main>
    </>
  );
}
