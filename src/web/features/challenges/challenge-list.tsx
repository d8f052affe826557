/**
 * Home's list of challenges, each linking to its edit form, plus the link to add one. A time that
 * is not the whole day's default is shown beside its date, with the portal's time zone. Each row
 * shows its lifecycle and the action that moves it on (lifecycle-actions.tsx), its access rules
 * and, for staff who may write in another course, "Move to course…" (ui/move-to-course.tsx).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { windowTexts } from '../../../contract/challenge-times.ts';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { noticeMessages } from '../../../contract/notices.ts';
import { proctorMessages } from '../../../contract/proctor.ts';
import { sittingMessages, type SittingState } from '../../../contract/sittings.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { changeLifecycle, listChallenges } from './challenges-api.ts';
import { LifecycleActions, LifecycleStatus } from '../../ui/lifecycle-actions.tsx';
import { AccessRulesButton } from '../../ui/access-rules-dialog.tsx';
import { challengeAccessRulesPath } from '../../../contract/access-rules.ts';
import { challengeCoursePath } from '../../../contract/course-moves.ts';
import { useWritableCourses } from '../../lib/staff-self.ts';
import { MoveToCourseButton } from '../../ui/move-to-course.tsx';
import './challenges.css';

/** A row's lifecycle; an older server's rows, without one, are published. */
const stateOf = (c: ChallengeSummary): SittingState => ({
  lifecycle: c.lifecycle ?? 'published',
  stoppedAt: c.stoppedAt ?? null,
});

export function ChallengeList({ token }: { token: string }) {
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);
  const [timeZone, setTimeZone] = useState<string | undefined>();
  /** Moves on after a move to another course: the list is read again. */
  const [loads, setLoads] = useState(0);
  const courses = useWritableCourses(token);

  function replaceState(challengeId: string, state: SittingState) {
    setChallenges(
      (list) => list?.map((c) => (c.challengeId === challengeId ? { ...c, ...state } : c)) ?? null,
    );
  }

  useEffect(() => {
    let live = true;
    listChallenges(token).then(
      (list) => {
        if (!live) return;
        setChallenges(list.challenges);
        setTimeZone(list.timeZone);
      },
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token, loads]);

  return (
    <section aria-labelledby="challenges-heading" className="dash-section">
      <div className="dash-section__header">
        <h2 id="challenges-heading" className="dash-section__title">
          {messages.challengesHeading}
        </h2>
        <Link to="/adminDash" search={{ view: 'add-challenge' }} className="button button--primary">
          {messages.addChallenge}
        </Link>
      </div>
      {challenges === null ? (
        <p className="muted">{messages.loading}</p>
      ) : challenges.length === 0 ? (
        <p className="muted">{messages.noChallenges}</p>
      ) : (
        <div className="table-wrap" data-testid="challenge-list-scroll">
          <table className="table" aria-labelledby="challenges-heading">
            <thead>
              <tr>
                <th scope="col" className="challenge-list__code">
                  {messages.challengeIdShort}
                </th>
                <th scope="col">{messages.fieldChallengeName}</th>
                <th scope="col">{messages.fieldLanguage}</th>
                <th scope="col">{messages.fieldDifficulty}</th>
                <th scope="col">{messages.openDates}</th>
                <th scope="col">{messages.testCasesLegend}</th>
                <th scope="col">{messages.resultsLinkLabel}</th>
                <th scope="col">{sittingMessages.statusColumn}</th>
              </tr>
            </thead>
            <tbody>
              {challenges.map((c) => {
                const open = windowTexts(c, timeZone);
                return (
                  <tr key={c.challengeId}>
                    <td className="challenge-list__code">
                      <Link
                        to="/adminDash"
                        search={{ view: 'edit-challenge', challengeId: c.challengeId }}
                        className="link mono"
                      >
                        {c.challengeId}
                      </Link>
                    </td>
                    <td className="challenge-list__name">{c.challengeName}</td>
                    <td>{c.language}</td>
                    <td>{c.difficultyLev}</td>
                    <td className="challenge-list__dates">
                      <span>{open.opens} –</span> <span>{open.closes}</span>
                    </td>
                    <td>{c.testCaseCount}</td>
                    <td>
                      <Link
                        to="/adminDash"
                        search={{ view: 'results', challengeId: c.challengeId }}
                        className="link"
                      >
                        {messages.resultsLinkLabel}
                      </Link>{' '}
                      ·{' '}
                      <Link
                        to="/adminDash"
                        search={{ view: 'notices', challengeId: c.challengeId }}
                        className="link"
                        aria-label={noticeMessages.noticesLinkLabel.replace(
                          '{name}',
                          c.challengeId,
                        )}
                      >
                        {noticeMessages.noticesLink}
                      </Link>{' '}
                      ·{' '}
                      <Link
                        to="/adminDash"
                        search={{ view: 'proctor', challengeId: c.challengeId }}
                        className="link"
                        aria-label={proctorMessages.challengeLinkLabel.replace(
                          '{challengeId}',
                          c.challengeId,
                        )}
                      >
                        {proctorMessages.linkLabel}
                      </Link>
                    </td>
                    <td className="challenge-list__status">
                      <LifecycleStatus state={stateOf(c)} />
                      <LifecycleActions
                        name={c.challengeId}
                        state={stateOf(c)}
                        change={(action) => changeLifecycle(token, c.challengeId, action)}
                        onChange={(state) => replaceState(c.challengeId, state)}
                      />
                      <div className="lifecycle-actions">
                        <AccessRulesButton
                          name={c.challengeId}
                          path={challengeAccessRulesPath(c.challengeId)}
                          token={token}
                          className="button button--secondary button--small"
                        />
                        <MoveToCourseButton
                          name={c.challengeId}
                          courseId={c.courseId}
                          path={challengeCoursePath(c.challengeId)}
                          token={token}
                          courses={courses}
                          onMoved={() => setLoads((n) => n + 1)}
                          className="button button--secondary button--small"
                        />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
