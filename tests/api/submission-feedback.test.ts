// Feedback on a submission (issue 34 item 4) through the API: staff of the submission's course
// (an assistant too) write a Markdown note and comments on lines of the code; the student reads
// them in their own history only, and the note, rendered by the statement's renderer (the one the
// compiler page uses), holds no script. A comment must be on a line of the code; only its author
// edits or deletes it; another course's teacher cannot reach the submission at all.
import type { Element, Root, RootContent } from 'hast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '../../src/contract/compiler.ts';
import {
  feedbackMessages,
  submissionCommentPath,
  submissionCommentsPath,
  submissionFeedbackPath,
  type SubmissionFeedback,
} from '../../src/contract/submission-feedback.ts';
import { statementTree } from '../../src/web/features/statement/markdown-pipeline.ts';
import {
  call,
  databaseKinds,
  queryRows,
  startServer,
  adminEnv,
  type TestServer,
} from './harness.ts';
import {
  addChallenge,
  challengeInput,
  signInStudent,
  solutions,
  submitAndWait,
  type Student,
} from './compiler-fixtures.ts';
import { teachingTeam, type StaffSession } from './staff-fixtures.ts';
import { bound } from './bounds.ts';

const NOTE = 'Good work, **mind the edge case**.\n\n<script>alert("x")</script>';
/** The correct solution has two lines and a final newline: three lines as the viewer shows it. */
const CODE = solutions.python.correct;

/** Every element of a rendered tree, by tag name. */
function tagsOf(node: Root | RootContent, found: string[] = []): string[] {
  if (node.type === 'element') found.push((node as Element).tagName);
  if ('children' in node) for (const child of node.children) tagsOf(child, found);
  return found;
}

describe.each(databaseKinds)('submission feedback on %s', (kind) => {
  let server: TestServer;
  let teacher: StaffSession;
  let assistant: StaffSession;
  let outsider: StaffSession;
  let student: Student;
  let classmate: Student;
  let submissionId: string;

  beforeAll(async () => {
    server = await startServer(kind, adminEnv);
    const team = await teachingTeam(server, 'FB');
    ({ teacher, assistant, outsider } = team);
    const { courseId } = team;
    await addChallenge(server, challengeInput('FB-1', { courseId }));
    student = await signInStudent(server, 'fb.student@college.test', 'FB-1');
    classmate = await signInStudent(server, 'fb.classmate@college.test', 'FB-1');
    const sent = await submitAndWait(server, student, { challengeId: 'FB-1', code: CODE });
    expect(sent.final?.status, JSON.stringify(sent.final)).toBe('judged');
    submissionId = sent.final?.submissionId ?? '';
    const other = await submitAndWait(server, classmate, { challengeId: 'FB-1', code: CODE });
    expect(other.final?.status).toBe('judged');
  }, bound(120_000));
  afterAll(async () => {
    await server?.close();
  });

  const history = async (who: Student) => {
    const res = await call(server, 'GET', '/api/compiler/history/FB-1', undefined, who.compiler);
    expect(res.status).toBe(200);
    return (res.body as HistoryResponse).submissions;
  };

  it('shows the note and comments to their student only, the note rendered without script', async () => {
    const noted = await call(
      server,
      'PUT',
      submissionFeedbackPath(submissionId),
      { markdown: NOTE },
      teacher.headers,
    );
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    const commented = await call(
      server,
      'POST',
      submissionCommentsPath(submissionId),
      { line: 2, body: 'Use a long integer here.' },
      assistant.headers,
    );
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    const feedback = commented.body as SubmissionFeedback;
    expect(feedback.note).toMatchObject({ markdown: NOTE, author: 'fb.teacher' });
    expect(feedback.comments).toEqual([
      expect.objectContaining({
        line: 2,
        body: 'Use a long integer here.',
        author: 'fb.assistant',
        mine: true,
      }),
    ]);

    const [entry] = await history(student);
    expect(entry?.feedback?.comments).toEqual([
      expect.objectContaining({
        line: 2,
        body: 'Use a long integer here.',
        author: 'fb.assistant',
      }),
    ]);
    expect(entry?.feedback?.comments[0]).not.toHaveProperty('mine');
    const markdown = entry?.feedback?.note?.markdown ?? '';
    expect(markdown).toBe(NOTE);
    // Rendered as the compiler page renders it: the script is text at most, never an element.
    const tags = tagsOf(statementTree(markdown));
    expect(tags).toContain('strong');
    expect(tags).not.toContain('script');

    // The classmate's history carries nothing of it, and their token cannot read the submission.
    const theirs = await history(classmate);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]?.feedback).toBeUndefined();
    expect(JSON.stringify(theirs)).not.toContain('long integer');
    const peek = await call(
      server,
      'GET',
      `/api/compiler/result/${submissionId}`,
      undefined,
      classmate.compiler,
    );
    expect(peek.status).toBe(404);
    // Nor can either student reach the staff calls.
    const asStudent = await call(
      server,
      'GET',
      submissionFeedbackPath(submissionId),
      undefined,
      student.session,
    );
    expect(asStudent.status).toBe(403);
  });

  it('refuses a comment outside the code with a 400 message, and other bad input', async () => {
    const post = (body: unknown) =>
      call(server, 'POST', submissionCommentsPath(submissionId), body, teacher.headers);
    expect(await post({ line: 4, body: 'past the end' })).toMatchObject({
      status: 400,
      body: { message: feedbackMessages.lineOutsideCode.replace('{lines}', '3') },
    });
    expect(await post({ line: 0, body: 'before the start' })).toMatchObject({
      status: 400,
      body: { message: feedbackMessages.invalidLine },
    });
    expect(await post({ line: 1, body: '   ' })).toMatchObject({
      status: 400,
      body: { message: feedbackMessages.invalidComment },
    });
    expect(
      await call(
        server,
        'POST',
        submissionCommentsPath(crypto.randomUUID()),
        { line: 1, body: 'x' },
        teacher.headers,
      ),
    ).toMatchObject({ status: 404, body: { message: feedbackMessages.submissionNotFound } });
  });

  it("lets only a comment's author edit or delete it; another course cannot reach it", async () => {
    const made = await call(
      server,
      'POST',
      submissionCommentsPath(submissionId),
      { line: 1, body: 'Name this variable.' },
      teacher.headers,
    );
    const mine = (made.body as SubmissionFeedback).comments.find(
      (c) => c.body === 'Name this variable.',
    );
    const commentId = mine?.commentId ?? '';
    expect(mine?.mine).toBe(true);

    const byAssistant = await call(
      server,
      'PUT',
      submissionCommentPath(submissionId, commentId),
      { body: 'taken over' },
      assistant.headers,
    );
    expect(byAssistant).toMatchObject({
      status: 403,
      body: { message: feedbackMessages.notYourComment },
    });
    expect(
      (
        await call(
          server,
          'DELETE',
          submissionCommentPath(submissionId, commentId),
          undefined,
          assistant.headers,
        )
      ).status,
    ).toBe(403);

    for (const attempt of [
      call(server, 'GET', submissionFeedbackPath(submissionId), undefined, outsider.headers),
      call(
        server,
        'PUT',
        submissionFeedbackPath(submissionId),
        { markdown: 'x' },
        outsider.headers,
      ),
      call(
        server,
        'POST',
        submissionCommentsPath(submissionId),
        { line: 1, body: 'x' },
        outsider.headers,
      ),
    ])
      expect((await attempt).status).toBe(404);

    const edited = await call(
      server,
      'PUT',
      submissionCommentPath(submissionId, commentId),
      { body: 'Name this variable clearly.' },
      teacher.headers,
    );
    expect(edited.status).toBe(200);
    const [entry] = await history(student);
    expect(entry?.feedback?.comments.map((c) => [c.line, c.body])).toEqual([
      [1, 'Name this variable clearly.'],
      [2, 'Use a long integer here.'],
    ]);
    const deleted = await call(
      server,
      'DELETE',
      submissionCommentPath(submissionId, commentId),
      undefined,
      teacher.headers,
    );
    expect((deleted.body as SubmissionFeedback).comments.map((c) => c.line)).toEqual([2]);
    expect(
      (
        await call(
          server,
          'DELETE',
          submissionCommentPath(submissionId, commentId),
          undefined,
          teacher.headers,
        )
      ).status,
    ).toBe(404);

    // An empty note removes it; the audit log has every change, by whom.
    await call(
      server,
      'PUT',
      submissionFeedbackPath(submissionId),
      { markdown: ' ' },
      teacher.headers,
    );
    expect((await history(student))[0]?.feedback?.note).toBeNull();
    const audit = await queryRows(
      server,
      `select action, call, actor_email from audit_log where target_id = $1 order by id`,
      [submissionId],
    );
    expect(
      audit.map((a) => `${String(a.action)} ${String(a.call)} ${String(a.actor_email)}`),
    ).toEqual(
      expect.arrayContaining([
        'grading.write PUT /api/admin/submissions/:submissionId/feedback fb.teacher@college.test',
        'grading.write POST /api/admin/submissions/:submissionId/comments fb.assistant@college.test',
        'grading.write DELETE /api/admin/submissions/:submissionId/comments/:commentId fb.teacher@college.test',
      ]),
    );
  });
});
