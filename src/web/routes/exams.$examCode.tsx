/**
 * `/exams/$examCode`: the student's exam screen (issue 31), or with `?preview=1` the teacher's
 * "Preview as a student" of it. Like the test screen, it needs the student's token (without one it
 * redirects to /) and refuses narrow screens (spec §2's 450 px rule); the preview needs the
 * administrator's session instead (without one: /admin). Its component is a lazy chunk, so the
 * first screen does not grow.
 */
import { useEffect } from 'react';
import {
  Navigate,
  createFileRoute,
  redirect,
  type SearchSchemaInput,
} from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { ExamPreviewScreen } from '../features/exams/exam-preview-screen.tsx';
import { ExamScreen } from '../features/exams/exam-screen.tsx';
import { loadStatementRenderer, Statement } from '../features/statement/statement.tsx';
import { MobileGate } from '../features/test-screen/mobile-gate.tsx';
import { StudentNoticesPanel } from '../features/notices/student-notices.tsx';
import { textParams } from '../lib/search-params.ts';
import { useAdminSession } from '../session/admin-session.ts';
import { currentValidSession, sessionReady, useSession } from '../session/index.ts';

type ExamSearch = { preview?: string };

// As in admin.tsx: the admin session module (and zod) loads only for the preview.
const loadAdminSession = () => import('../session/admin-session.ts');

export const Route = createFileRoute('/exams/$examCode')({
  validateSearch: (search: ExamSearch & SearchSchemaInput) => textParams(search, ['preview']),
  beforeLoad: async ({ search }) => {
    if (search.preview) {
      const { currentAdminSession } = await loadAdminSession();
      if (!currentAdminSession()) throw redirect({ to: '/admin', replace: true });
      return;
    }
    await sessionReady();
    // As the test screen (spec §2): without a user token, back to /.
    if (!currentValidSession()) throw redirect({ to: '/', replace: true });
  },
  component: ExamPage,
});

function ExamPage() {
  const { examCode } = Route.useParams();
  const { preview } = Route.useSearch();
  useEffect(() => {
    // A failure here is the renderer's to show (the plain text); nothing to do about it now.
    loadStatementRenderer().catch(() => undefined);
  }, []);
  return (
    <MobileGate>
      <SiteHeader />
      <main id="main">
        {preview ? <Preview examCode={examCode} /> : <StudentExam examCode={examCode} />}
      </main>
    </MobileGate>
  );
}

function StudentExam({ examCode }: { examCode: string }) {
  const session = useSession();
  // Logged out here or in another tab: leave the exam screen.
  if (!session) return <Navigate to="/" replace />;
  // Keyed: another student on this computer never sees the previous one's screen state.
  return (
    <ExamScreen
      key={session.id}
      session={session}
      examCode={examCode}
      statementView={Statement}
      noticesView={StudentNoticesPanel}
    />
  );
}

function Preview({ examCode }: { examCode: string }) {
  const admin = useAdminSession();
  if (!admin) return <Navigate to="/admin" replace />;
  return <ExamPreviewScreen token={admin.token} examCode={examCode} statementView={Statement} />;
}
