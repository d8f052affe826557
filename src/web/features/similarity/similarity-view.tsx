/**
 * The dashboard's Similarity view (issue 17): pick a challenge, see its pairs of students whose
 * programs are alike, most similar first, and open a pair side by side with the shared regions
 * marked. The challenge and the open pair are in the address (Back works, a link can be shared);
 * the threshold lives here, so it is kept while a pair is open. An exam in the address (from the
 * exam's Results, issue 31) makes it the report of the challenge as that exam's problem, with a
 * link back to the exam's matrix; picking another challenge leaves the exam.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { SIMILARITY_DEFAULT_THRESHOLD } from '../../../contract/similarity.ts';
import { ChallengeSelect } from '../../ui/challenge-select.tsx';
import { listChallenges } from './similarity-api.ts';
import { parsePairKey } from './pair-key.ts';
import { PairView } from './pair-view.tsx';
import { ReportPanel } from './report-panel.tsx';
import './similarity.css';

type Props = { token: string; challengeId?: string; exam?: string; pair?: string };

export function SimilarityView({ token, challengeId, exam, pair }: Props) {
  const navigate = useNavigate();
  const [threshold, setThreshold] = useState(SIMILARITY_DEFAULT_THRESHOLD);
  // The pair last opened, to give its link the focus back on return.
  const [lastPair, setLastPair] = useState<string | undefined>(undefined);
  if (pair && pair !== lastPair) setLastPair(pair);
  const open = pair ? parsePairKey(pair) : undefined;
  return (
    <section aria-labelledby="similarity-heading" className="dash-section similarity">
      <div className="dash-section__header">
        <h2 id="similarity-heading" className="dash-section__title">
          {messages.similarityTitle}
        </h2>
        <ChallengeSelect
          token={token}
          challengeId={challengeId}
          list={listChallenges}
          className="similarity__picker"
          onChoose={(chosen) =>
            void navigate({ to: '/adminDash', search: { view: 'similarity', challengeId: chosen } })
          }
        />
      </div>
      {exam && !open ? (
        <Link
          to="/adminDash"
          search={{ view: 'results', exam }}
          className="link similarity__back"
          data-testid="similarity-exam-back"
        >
          ← {messages.similarityBackToExam}
        </Link>
      ) : null}
      {!challengeId ? (
        <p className="muted">{messages.similarityIntro}</p>
      ) : open ? (
        <PairView token={token} challengeId={challengeId} examCode={exam} a={open.a} b={open.b} />
      ) : (
        <ReportPanel
          key={`${challengeId}\n${exam ?? ''}`}
          token={token}
          challengeId={challengeId}
          examCode={exam}
          threshold={threshold}
          onThreshold={setThreshold}
          focusPair={lastPair}
        />
      )}
    </section>
  );
}
