/**
 * Staff for API tests (issue 33), made through the product's own calls: the owner invites
 * (without SMTP the answer carries the link), the invitee accepts and is signed in, a teacher
 * creates a course.
 */
import { acceptInvitationPath, staffInvitationsRoute } from '../../src/contract/staff.ts';
import { coursesRoute } from '../../src/contract/courses.ts';
import { adminToken, bearer, call, type TestServer } from './harness.ts';
import { ADMIN_PASSWORD } from './test-passwords.ts';

export type StaffSession = { id: string; email: string; headers: Record<string, string> };

function tokenOf(link: string): string {
  const token = new URL(link).hash.slice(1);
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Invites `email` as `role` (into `courseId` when given) and accepts: their session. */
export async function invitedStaff(
  server: TestServer,
  email: string,
  role: 'owner' | 'teacher' | 'assistant',
  courseId?: string,
): Promise<StaffSession> {
  const owner = bearer(await adminToken(server));
  const invited = await call(
    server,
    'POST',
    staffInvitationsRoute,
    { email, role, ...(courseId ? { courseId } : {}) },
    owner,
  );
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`);
  const { link } = invited.body as { link?: string };
  if (!link) throw new Error('the invitation link was not shown');
  const accepted = await call(server, 'POST', acceptInvitationPath, {
    token: tokenOf(link),
    name: email.split('@')[0],
    password: ADMIN_PASSWORD,
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  const { token } = accepted.body as { token: string };
  const id = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
  return { id: String(id), email, headers: bearer(token) };
}

/** A course created by `by` (a teacher, who then teaches it, or the owner): its id. */
export async function createdCourse(
  server: TestServer,
  by: Record<string, string>,
  code: string,
): Promise<string> {
  const made = await call(server, 'POST', coursesRoute, { code, title: `${code} title` }, by);
  if (made.status !== 201) throw new Error(`course failed: ${JSON.stringify(made.body)}`);
  return (made.body as { course: { id: string } }).course.id;
}

/**
 * A course with its teacher (who created it) and an assistant of it, and a teacher of another
 * course (`outsider`), for the role checks of a course's calls; `tag` names them apart.
 */
export async function teachingTeam(
  server: TestServer,
  tag: string,
): Promise<{
  courseId: string;
  teacher: StaffSession;
  assistant: StaffSession;
  outsider: StaffSession;
}> {
  const lower = tag.toLowerCase();
  const teacher = await invitedStaff(server, `${lower}.teacher@college.test`, 'teacher');
  const courseId = await createdCourse(server, teacher.headers, `${tag}-C`);
  const assistant = await invitedStaff(
    server,
    `${lower}.assistant@college.test`,
    'assistant',
    courseId,
  );
  const outsider = await invitedStaff(server, `${lower}.other@college.test`, 'teacher');
  await createdCourse(server, outsider.headers, `${tag}-O`);
  return { courseId, teacher, assistant, outsider };
}
