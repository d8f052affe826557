/**
 * Opening a challenge for a student under the time rules: before startTime on startDate it is
 * refused; the first open begins the student's attempt at the challenge's sitting, which fixes the
 * deadline, and records their standing on it; after the endTime minute of endDate a student who
 * never opened it is refused.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  acceptedLanguages,
  languages,
  type Challenge,
  type Language,
} from '../../contract/challenges.ts';
import { closesText, opensText } from '../../contract/challenge-times.ts';
import { LANGUAGE_LABELS } from '../../contract/verdicts.ts';
import { examMessages } from '../../contract/exams.ts';
import { messages } from '../../contract/messages.ts';
import { findChallenge } from '../challenges/challenge-queries.ts';
import type { Db } from '../db/connection.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import {
  beginSittingAttempt,
  challengeSitting,
  findSittingAttempt,
} from '../sittings/sitting-queries.ts';
import { assertMayBegin, assertVisibleToStudents, withStop } from '../sittings/sitting-rules.ts';
import {
  findAttempt,
  recordAttempt,
  type Attempt,
  type StoredAttempt,
  type SubmitAttemptLookup,
} from './attempt-queries.ts';
import { submissionTiming, type SubmissionRules } from './submission-window.ts';
import { challengeWindow } from './time-window.ts';
import { findAccommodation } from '../sittings/accommodations/accommodation-queries.ts';
import {
  admissionWindow,
  beginDeadline,
  resetPending,
  wallClockText,
} from '../sittings/accommodations/accommodation-time.ts';
import { openExamProblem } from './exam-access.ts';
import type { AccessGate } from '../sittings/access/check-access.ts';

export type OpenedChallenge = { challenge: Challenge; attempt: StoredAttempt };

export async function openChallenge(
  db: Db,
  timeZone: string,
  userId: string,
  challengeId: string,
  now: Date,
  gate: AccessGate,
): Promise<OpenedChallenge> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, messages.compilerTokenMissing);
  const challenge = await findChallenge(db, challengeId);
  if (!challenge) throw new HttpError(404, messages.challengeNotFound);
  const window = challengeWindow(challenge, timeZone);
  const sitting = await challengeSitting(db, challengeId);
  // A student given their own window (issue 32) is held to it instead of the class's.
  const accommodation = await findAccommodation(db, sitting.id, userId);
  const admitted = admissionWindow(window, accommodation);
  const ownWindow = admitted !== window;
  if (now < admitted.opensAt)
    throw new HttpError(
      403,
      messages.testNotOpenYet.replace(
        '{date}',
        ownWindow ? wallClockText(admitted.opensAt, timeZone) : opensText(challenge, timeZone),
      ),
    );
  assertVisibleToStudents(sitting);
  await gate(sitting);
  let sittingAttempt = await findSittingAttempt(db, sitting.id, userId);
  // After a reset, the next open begins the next attempt (the old one stays for staff).
  if (sittingAttempt && !resetPending(sittingAttempt.number, accommodation)) {
    const existing = await findAttempt(db, sittingAttempt.id, challengeId);
    if (existing) return { challenge, attempt: withStop(existing, sitting.stoppedAt) };
  } else {
    if (now >= admitted.closesAt)
      throw new HttpError(
        403,
        messages.testClosed.replace(
          '{date}',
          ownWindow ? wallClockText(admitted.closesAt, timeZone) : closesText(challenge, timeZone),
        ),
      );
    assertMayBegin(sitting);
    sittingAttempt = await beginSittingAttempt(
      db,
      sitting.id,
      userId,
      now,
      beginDeadline(now, challenge.timeDur, window, accommodation),
      (sittingAttempt?.number ?? 0) + 1,
    );
  }
  const attempt = withStop(
    await recordAttempt(db, userId, challengeId, sittingAttempt, now),
    sitting.stoppedAt,
  );
  return { challenge, attempt };
}

/**
 * The problem opened on its own (`examCode` undefined: the challenge's own sitting and window)
 * or as part of an exam (exam-access.ts: the exam's timer, only the student's drawn problems).
 */
export function openProblem(
  db: Db,
  timeZone: string,
  userId: string,
  challengeId: string,
  examCode: string | undefined,
  now: Date,
  gate: AccessGate,
): Promise<OpenedChallenge> {
  return examCode === undefined
    ? openChallenge(db, timeZone, userId, challengeId, now, gate)
    : openExamProblem(db, userId, challengeId, examCode, now, gate);
}

/**
 * Submit's open: the attempt with the challenge's language, dates and times in one read (batched with
 * the other Submits of the moment, see attempt-queries.ts), without its tests, since a deadline
 * brings hundreds of these at once. A student without an attempt yet takes openProblem's way,
 * which records it and gives its refusals in their order.
 */
export async function openForSubmit(
  db: Db,
  lookup: SubmitAttemptLookup,
  timeZone: string,
  userId: string,
  challengeId: string,
  examCode: string | undefined,
  now: Date,
  gate: AccessGate,
): Promise<{ accepted: Language[]; attempt: Attempt & { sittingAttemptId: string } }> {
  const row = await lookup({
    userId,
    challengeId,
    ...(examCode === undefined ? {} : { examCode }),
  });
  // openProblem's way also when the challenge's attempt ended early (only a reset ends one: the
  // open begins the next attempt) or its class window is not open yet (the dates may have moved
  // since the attempt began, or the student has their own window): openChallenge decides.
  if (!row || (!row.exam && (row.finishedAt || now < challengeWindow(row, timeZone).opensAt))) {
    const opened = await openProblem(db, timeZone, userId, challengeId, examCode, now, gate);
    return { accepted: acceptedLanguages(opened.challenge), attempt: opened.attempt };
  }
  assertVisibleToStudents(row);
  // The rules and the student's pass came with the attempt, in the same statement.
  await gate({ id: row.sittingId, accessRules: row.accessRules, passAdmits: row.passAdmits });
  if (row.exam) {
    // The exam's refusals, as examAttemptFor gives them; its window was checked at the open.
    if (row.exam.archived) throw new HttpError(403, examMessages.examArchived);
    if (!row.exam.drawn) throw new HttpError(403, examMessages.problemNotInExam);
  }
  const language = languageSchema.catch('python').parse(row.language);
  return {
    accepted: acceptedLanguages({ language, languages: row.languages }),
    attempt: withStop(
      {
        startedAt: row.startedAt,
        deadline: row.deadline,
        finishedAt: row.finishedAt ?? null,
        sittingAttemptId: row.sittingAttemptId,
      },
      row.stoppedAt,
    ),
  };
}

const languageSchema = z.enum(languages);

/**
 * The language a Run or Submit is written in: the one the page names, if the challenge accepts
 * it, else the challenge's default (`accepted[0]`). A language it does not accept is refused.
 */
export function chooseLanguage(accepted: readonly Language[], requested?: Language): Language {
  const [fallback] = accepted;
  if (!fallback) throw new Error('a challenge accepts at least its own language');
  if (requested === undefined) return fallback;
  if (accepted.includes(requested)) return requested;
  throw new HttpError(
    400,
    messages.languageNotAccepted
      .replace('{language}', LANGUAGE_LABELS[requested])
      .replace('{accepted}', accepted.map((l) => LANGUAGE_LABELS[l]).join(', ')),
  );
}

/** Run after the deadline, or after the student finished the exam. */
export function assertBeforeDeadline(attempt: Attempt, now: Date): void {
  if (attempt.finishedAt && now.getTime() >= attempt.finishedAt.getTime())
    throw new HttpError(403, examMessages.examFinished);
  if (now.getTime() > attempt.deadline.getTime()) throw new HttpError(403, messages.testTimeUp);
}

/**
 * Submit: the rule of submission-window.ts, as the HTTP answer. Finishing an exam early is a
 * deadline at that moment without the network grace (the student ended it themselves), but a
 * submission the page queued offline before it still counts within the offline allowance.
 */
export function assertSubmissionInTime(
  attempt: Attempt,
  now: Date,
  rules: SubmissionRules,
  queuedAt: Date | undefined,
): void {
  const { finishedAt } = attempt;
  const finishedEarly = finishedAt && finishedAt.getTime() < attempt.deadline.getTime();
  const verdict = finishedEarly
    ? submissionTiming(
        { startedAt: attempt.startedAt, deadline: finishedAt },
        now,
        { ...rules, graceSeconds: 0 },
        queuedAt,
      )
    : submissionTiming(attempt, now, rules, queuedAt);
  if (verdict === 'time-up')
    throw new HttpError(403, finishedEarly ? examMessages.examFinished : messages.testTimeUp);
  if (verdict === 'offline-too-late')
    throw new HttpError(
      403,
      messages.offlineSubmissionTooLate.replace(
        '{minutes}',
        String(Math.round(rules.offlineAllowanceSeconds / 60)),
      ),
    );
}
