/** Home's list of challenges, each linking to its edit form, plus the link to add one. */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ChallengeSummary } from '../../../contract/challenges.ts';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { listChallenges } from './challenges-api.ts';
import './challenges.css';

export function ChallengeList({ token }: { token: string }) {
  const [challenges, setChallenges] = useState<ChallengeSummary[] | null>(null);

  useEffect(() => {
    let live = true;
    listChallenges(token).then(
      (list) => live && setChallenges(list),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token]);

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
              </tr>
            </thead>
            <tbody>
              {challenges.map((c) => (
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
                    <span>{c.startDate} –</span> <span>{c.endDate}</span>
                  </td>
                  <td>{c.testCaseCount}</td>
                  <td>
                    <Link
                      to="/adminDash"
                      search={{ view: 'results', challengeId: c.challengeId }}
                      className="link"
                    >
                      {messages.resultsLinkLabel}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
