/**
 * The report's pairs, most similar first: both students, their languages, the score and how much
 * the pair shares beyond the starter code (issue 37), and a link to the side-by-side view of each
 * pair (its own address, so Back returns here). A pair sharing too little has no score, only
 * "too short to compare", and comes after every pair with evidence (the server's order). The
 * pair last opened gets the focus back when the table shows again.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { SimilarityReport, SimilaritySubmission } from '../../../contract/similarity.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { pairKey } from './pair-key.ts';
import { SharedSize } from './shared-size.tsx';

type Props = { report: SimilarityReport; focusPair?: string };

function Student({ who }: { who: SimilaritySubmission }) {
  return (
    <>
      <span className="similarity__name">{who.name}</span>
      <span className="similarity__email muted">{who.email}</span>
    </>
  );
}

export function PairsTable({ report, focusPair }: Props) {
  const returned = useRef<HTMLAnchorElement>(null);
  useEffect(() => returned.current?.focus(), []);
  const { challengeId } = report.challenge;
  // An exam's report opens its pairs in the same exam.
  const exam = report.exam?.examCode;
  const caption = messages.similarityTableCaption
    .replace('{challengeId}', challengeId)
    .replace('{threshold}', String(report.threshold));
  const tooShortHint = messages.similarityTooShortHint.replace(
    '{minimum}',
    String(report.minimumTokens),
  );
  return (
    <div className="data-table__scroll similarity__table-scroll">
      <table className="data-table__table similarity__table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="data-table__numeric">
              {messages.similarityColRank}
            </th>
            <th scope="col">{messages.similarityColStudentA}</th>
            <th scope="col">{messages.similarityColStudentB}</th>
            <th scope="col" className="data-table__numeric">
              {messages.similarityColScore}
            </th>
            <th scope="col">{messages.similarityColShared}</th>
            <th scope="col">{messages.similarityColOpen}</th>
          </tr>
        </thead>
        <tbody>
          {report.pairs.map((pair, index) => {
            const key = pairKey(pair.a.submissionId, pair.b.submissionId);
            return (
              <tr key={key} data-testid="similarity-pair">
                <td className="data-table__numeric">{index + 1}</td>
                <td>
                  <Student who={pair.a} />
                  <span className="similarity__language">{LANGUAGE_LABELS[pair.a.language]}</span>
                </td>
                <td>
                  <Student who={pair.b} />
                  <span className="similarity__language">{LANGUAGE_LABELS[pair.b.language]}</span>
                </td>
                <td className="data-table__numeric">
                  {pair.tooShort ? (
                    <span
                      className="similarity__too-short"
                      data-testid="similarity-too-short"
                      title={tooShortHint}
                    >
                      {messages.similarityTooShort}
                    </span>
                  ) : (
                    <span className="similarity__score">
                      <span
                        className="similarity__bar"
                        style={{ inlineSize: `${pair.percent}%` }}
                        aria-hidden="true"
                      />
                      <span className="similarity__percent">{pair.percent.toFixed(1)} %</span>
                    </span>
                  )}
                </td>
                <td>
                  <SharedSize shared={pair.shared} />
                </td>
                <td>
                  <Link
                    ref={key === focusPair ? returned : undefined}
                    to="/adminDash"
                    search={{ view: 'similarity', challengeId, exam, pair: key }}
                    className="button button--secondary similarity__open"
                    aria-label={messages.similarityOpenPairLabel
                      .replace('{a}', pair.a.name)
                      .replace('{b}', pair.b.name)}
                  >
                    {messages.similarityOpenPair}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
