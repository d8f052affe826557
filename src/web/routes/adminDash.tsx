/**
 * `/adminDash`: the administrator's dashboard (spec §2). Without a signed-in administrator it
 * redirects to /admin. The `view` search parameter picks the view; Excel upload is the default.
 */
import { useEffect, useMemo } from 'react';
import {
  Navigate,
  createFileRoute,
  redirect,
  useNavigate,
  type SearchSchemaInput,
} from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { DashLayout } from '../features/admin-dash/dash-layout.tsx';
import {
  DEFAULT_DASH_VIEW,
  dashSearchSchema,
  type DashSearch,
  type DashView,
} from '../features/admin-dash/dash-views.ts';
import { accommodationsRowAction } from '../features/accommodations/accommodations-button.tsx';
import { AddChallengeView } from '../features/challenges/add-challenge-view.tsx';
import { ChallengeList } from '../features/challenges/challenge-list.tsx';
import { EditChallengeView } from '../features/challenges/edit-challenge-view.tsx';
import { ExamEditorView } from '../features/exams/exam-editor-view.tsx';
import { ExamList } from '../features/exams/exam-list.tsx';
import { JudgeQueuePanel } from '../features/judge-queue/judge-queue-panel.tsx';
import { ImportProblemPanel } from '../features/problems/import-problem-panel.tsx';
import { ProctorView } from '../features/proctor/proctor-view.tsx';
import { ResultsView } from '../features/results/results-view.tsx';
import { StatisticsView } from '../features/results/statistics/statistics-view.tsx';
import { SimilarityView } from '../features/similarity/similarity-view.tsx';
import { RosterUploadPanel } from '../features/roster-upload/roster-upload-panel.tsx';
import { StudentsView } from '../features/students/students-view.tsx';
import { CredentialSheet } from '../features/students/credential-sheet.tsx';
import { CoursesView } from '../features/courses/courses-view.tsx';
import { StaffView } from '../features/staff/staff-view.tsx';
import { AuditView } from '../features/audit/audit-view.tsx';
import { DeleteUserForm } from '../features/users/delete-user-form.tsx';
import { StudentCount } from '../features/users/student-count.tsx';
import { loadStatementRenderer, Statement } from '../features/statement/statement.tsx';
import { StaffNoticesView } from '../features/notices/staff-notices.tsx';
import type { NoticesTarget } from '../../contract/notices.ts';
import { textParams } from '../lib/search-params.ts';
import { useStaffSelf } from '../lib/staff-self.ts';
import type { StaffSelf } from '../../contract/staff.ts';
import { adminLogOut, useAdminSession } from '../session/admin-session.ts';
import { endServerSession } from '../session/server-logout.ts';
import { leaveThroughProviderLogout } from '../session/sso-sign-in.ts';

// As in admin.tsx: the admin session module loads with the admin pages, not with every page.
const loadAdminSession = () => import('../session/admin-session.ts');

export const Route = createFileRoute('/adminDash')({
  // Links are typed by DashSearch; the page (a lazy chunk) checks the values with the dashboard's
  // schema, so neither zod nor admin code is downloaded before a student's first screen.
  validateSearch: (search: DashSearch & SearchSchemaInput) => ({
    // The statistics' slot is a number in the address (the router reads `slot=2` as 2).
    ...(typeof search.slot === 'number' ? { slot: search.slot } : {}),
    ...textParams(search, [
      'view',
      'challengeId',
      'exam',
      'student',
      'signals',
      'pair',
      'section',
      'courseId',
      'sectionId',
    ]),
  }),
  beforeLoad: async () => {
    const { currentAdminSession } = await loadAdminSession();
    if (!currentAdminSession()) throw redirect({ to: '/admin', replace: true });
  },
  component: AdminDashPage,
});

function View({
  view,
  token,
  challengeId,
  exam,
  student,
  signals,
  pair,
  section,
  courseId,
  sectionId,
  slot,
  self,
}: {
  view: DashView;
  token: string;
  /** Who is signed in (GET /api/admin/me), null until known. */
  self: StaffSelf | null;
  challengeId?: string;
  exam?: string;
  student?: string;
  signals?: string;
  pair?: string;
  section?: string;
  /** The Students view's course and section (issue 33). */
  courseId?: string;
  sectionId?: string;
  /** The Statistics view's exam slot (issue 34). */
  slot?: number;
}) {
  const navigate = useNavigate();
  const scope = { ...(courseId ? { courseId } : {}), ...(sectionId ? { sectionId } : {}) };
  switch (view) {
    case 'home':
      return (
        <>
          <StudentCount token={token} />
          <ChallengeList token={token} />
          {/* The judge's state is the owners' (operations.read): others would be refused. */}
          {self && self.role !== 'owner' ? null : <JudgeQueuePanel token={token} />}
        </>
      );
    case 'exams':
      return <ExamList token={token} />;
    case 'add-exam':
      return <ExamEditorView token={token} />;
    case 'edit-exam':
      // Keyed by code, so following another exam's link loads that one.
      return <ExamEditorView key={exam ?? ''} token={token} examCode={exam} />;
    case 'results':
      return (
        <ResultsView
          token={token}
          challengeId={challengeId}
          exam={exam}
          student={student}
          signals={signals}
          section={section}
          rowAction={accommodationsRowAction}
          statementView={Statement}
        />
      );
    case 'statistics':
      return (
        <StatisticsView
          key={`${exam ?? challengeId ?? ''}/${slot ?? ''}`}
          token={token}
          challengeId={challengeId}
          exam={exam}
          slot={slot}
          section={section}
        />
      );
    case 'similarity':
      return <SimilarityView token={token} challengeId={challengeId} exam={exam} pair={pair} />;
    case 'students':
      return (
        <StudentsView
          token={token}
          scope={scope}
          onScope={(next) =>
            void navigate({
              to: '/adminDash',
              search: { view: 'students', ...next },
              replace: true,
            })
          }
          onOpenSheet={(next) =>
            void navigate({ to: '/adminDash', search: { view: 'credential-sheet', ...next } })
          }
        />
      );
    case 'credential-sheet':
      // Keyed: another course's sheet starts empty (its passwords are never shown again).
      return (
        <CredentialSheet
          key={`${courseId ?? ''}/${sectionId ?? ''}`}
          token={token}
          scope={scope}
          onBack={() => void navigate({ to: '/adminDash', search: { view: 'students', ...scope } })}
        />
      );
    case 'delete-user':
      return <DeleteUserForm token={token} />;
    case 'add-challenge':
      return <AddChallengeView token={token} statementView={Statement} />;
    case 'edit-challenge':
      // Keyed by id, so following another challenge's link loads that one.
      return (
        <EditChallengeView
          key={challengeId ?? ''}
          token={token}
          statementView={Statement}
          initialId={challengeId ?? ''}
        />
      );
    case 'excel-upload':
      return <RosterUploadPanel token={token} />;
    case 'courses':
      // New course shows once /me has answered: owners and teachers create courses.
      return (
        <CoursesView token={token} canCreate={self?.role === 'owner' || self?.role === 'teacher'} />
      );
    case 'staff':
      return <StaffView token={token} selfId={self?.id} />;
    case 'audit':
      // Owners only: anyone else who opens the address reads the server's refusal there.
      return <AuditView token={token} />;
    case 'import-problem':
      return <ImportProblemPanel token={token} />;
    case 'notices':
      return <NoticesPage token={token} challengeId={challengeId} exam={exam} />;
    case 'proctor':
      // Keyed: another sitting starts with its own filters. A row's actions are the
      // accommodations (extra time, reopen, reset), the Results rows' own.
      return (
        <ProctorView
          key={exam ?? challengeId ?? ''}
          token={token}
          challengeId={challengeId}
          examCode={exam}
          renderActions={(row, sitting) => (
            <accommodationsRowAction.Cell
              token={token}
              sitting={
                sitting.kind === 'exam'
                  ? { kind: 'exam', examCode: sitting.code }
                  : { kind: 'challenge', challengeId: sitting.code }
              }
              student={{ userId: row.userId, name: row.name, email: row.email }}
            />
          )}
        />
      );
  }
}

/** The notices of the exam named, else of the challenge named (issue 32). */
function NoticesPage({
  token,
  challengeId,
  exam,
}: {
  token: string;
  challengeId?: string;
  exam?: string;
}) {
  const target = useMemo(
    (): NoticesTarget | undefined =>
      exam
        ? { kind: 'exam', examCode: exam }
        : challengeId
          ? { kind: 'challenge', challengeId }
          : undefined,
    [exam, challengeId],
  );
  useEffect(() => {
    // As the compiler page does: the Markdown renderer's chunk, asked for with the page.
    loadStatementRenderer().catch(() => undefined);
  }, []);
  if (!target) return <ChallengeList token={token} />;
  return (
    <StaffNoticesView
      key={exam ?? challengeId}
      token={token}
      target={target}
      name={exam ?? challengeId ?? ''}
      markdownView={Statement}
    />
  );
}

function AdminDashPage() {
  const {
    view = DEFAULT_DASH_VIEW,
    challengeId,
    exam,
    student,
    signals,
    pair,
    section,
    courseId,
    sectionId,
    slot,
  } = dashSearchSchema.parse(Route.useSearch());
  const admin = useAdminSession();
  const self = useStaffSelf(admin?.token ?? '');
  const navigate = useNavigate();
  if (!admin) return <Navigate to="/admin" replace />;
  return (
    <>
      <SiteHeader />
      <DashLayout
        // The one-time password sheet is part of Students (issue 33).
        current={
          view === 'credential-sheet' ? 'students' : view === 'statistics' ? 'results' : view
        }
        adminEmail={admin.email}
        isOwner={self ? self.role === 'owner' : null}
        onLogout={() => {
          // Every session of this administrator ends on the server too (sign out everywhere).
          const { token } = admin;
          void endServerSession(token).then(() => leaveThroughProviderLogout('admin', token));
          adminLogOut();
          void navigate({ to: '/admin', replace: true });
        }}
      >
        <View
          view={view}
          token={admin.token}
          challengeId={challengeId}
          exam={exam}
          student={student}
          signals={signals}
          pair={pair}
          section={section}
          courseId={courseId}
          sectionId={sectionId}
          slot={slot}
          self={self}
        />
      </DashLayout>
    </>
  );
}
