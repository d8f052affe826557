/** `/`: the student screen (spec §2), composed from the auth, test-code and guide features. */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { GuideLauncher } from '../features/guide/guide-launcher.tsx';
import { SsoButton } from '../features/sso/sso-button.tsx';
import { useSsoReturn } from '../features/sso/use-sso-return.ts';
import { StudentScreen } from '../features/student-auth/student-screen.tsx';
import { TestCodeForm } from '../features/test-code/test-code-form.tsx';
import { sessionReady, setSession } from '../session/index.ts';
import { markSsoSignIn } from '../session/sso-sign-in.ts';

export const Route = createFileRoute('/')({
  // The step shown depends on the session, which may still be coming back from IndexedDB.
  beforeLoad: () => sessionReady(),
  component: StudentPage,
});

function StudentPage() {
  const navigate = useNavigate();
  // Back from the campus sign-in: the hand-over becomes the session, and step 2 shows.
  useSsoReturn('student', {
    student: (session) => {
      markSsoSignIn('student', session.token);
      setSession(session);
    },
  });
  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <StudentScreen
          stepTwo={
            <TestCodeForm
              onStart={(target) =>
                void (target.kind === 'exam'
                  ? navigate({ to: '/exams/$examCode', params: { examCode: target.examCode } })
                  : navigate({
                      to: '/challenges/$challengeId',
                      params: { challengeId: target.challengeId },
                    }))
              }
            />
          }
          guide={<GuideLauncher />}
          signInAlternative={<SsoButton audience="student" />}
        />
      </main>
    </>
  );
}
