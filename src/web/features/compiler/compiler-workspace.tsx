/**
 * The test itself once the statement is loaded: statement and samples beside the editor, the
 * countdown, Run (samples or custom input) and Submit, their results, and the submissions still
 * waiting for the network.
 */
import type { StudentGrade } from '../../../contract/grading.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CompilerChallenge, HistoryEntry, RunResponse } from '../../../contract/compiler.ts';
import { messages } from '../../../contract/messages.ts';
import { releaseMessages } from '../../../contract/result-release.ts';
import { useOnline } from '../../lib/online.ts';
import { problemScope } from '../../lib/problem-scope.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { showError, showSuccess } from '../../ui/toast.ts';
import { autoSubmitDone, autoSubmitDue, markAutoSubmitted } from './auto-submit.ts';
import { CodeEditor, type Replacement } from './code-editor.tsx';
import { fetchHistory, followTimer, runCode, type CompilerCredentials } from './compiler-api.ts';
import { useLiveDeadline } from '../../lib/use-live-deadline.ts';
import { useExamDeadline } from './use-exam-deadline.ts';
import { Countdown } from '../../ui/countdown.tsx';
import { formatScore } from './measures.ts';
import { postToParent } from './parent-events.ts';
import { OfflineNote } from './offline-note.tsx';
import { PendingSubmissions } from './pending-submissions.tsx';
import { RunResult } from './run-result.tsx';
import type { ServerClock } from '../../ui/server-clock.ts';
import { StatementPanel } from './statement-panel.tsx';
import { SubmissionHistory } from './submission-history.tsx';
import { SubmissionProgress } from './submission-progress.tsx';
import { SubmitResult } from './submit-result.tsx';
import { useCountdown } from '../../ui/use-countdown.ts';
import { useDraft } from './use-draft.ts';
import { LanguagePicker } from './language-picker.tsx';
import { draftScope, useLanguageChoice } from './use-language-choice.ts';
import { LANGUAGE_LABELS, type JudgeLanguage } from '../../../contract/verdicts.ts';
import { useSubmissions, type FinishedSubmission } from './use-submissions.ts';
import { loadHistoryCopy, saveHistoryCopy } from './history-copy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { createCopyMemory } from './paste-rules.ts';
import { pasteGuard } from './paste-guard.ts';
import { SignalNotice } from './signal-notice.tsx';
import { useExamSignals } from './use-exam-signals.ts';
import type { StatementView } from '../../ui/statement-view.ts';
import type { NoticesView } from '../../ui/notices-view.ts';
import { createNoticesCursor } from '../../lib/notices-cursor.ts';
import { ChallengeNotices } from './challenge-notices.tsx';

type Props = {
  challenge: CompilerChallenge;
  clock: ServerClock;
  credentials: CompilerCredentials;
  owner: string;
  /** The statement renderer (features/statement, handed over by the route). */
  statementView: StatementView;
  /** The notices panel (features/notices, handed over by the route); none: no panel. */
  noticesView?: NoticesView | undefined;
};

type Busy = 'run' | 'submit' | null;

export function CompilerWorkspace({
  challenge,
  clock,
  credentials,
  owner,
  statementView,
  noticesView,
}: Props) {
  const { challengeId } = challenge;
  // What this computer keeps of the work (drafts, queue, language, auto-submit) is per problem:
  // under an exam, apart from the same challenge sat alone (lib/problem-scope.ts).
  const scope = problemScope(challengeId, credentials.examCode);
  // Followed live (a stop, a reopen, extra time). Under an exam the exam's screen follows it and
  // tells its frames, for one long poll per student rather than one per problem frame (a browser
  // keeps six connections to a server, which Submit needs too).
  const underExam = Boolean(credentials.examCode);
  // The notices cursor rides on the same poll (issue 32 item 5): still one connection per page.
  const [notices] = useState(createNoticesCursor);
  const showsNotices = Boolean(noticesView) && !underExam;
  const follow = useCallback(
    async (known: string, signal: AbortSignal) => {
      const knownNotices = showsNotices ? notices.known() : undefined;
      const timer = await followTimer(credentials, challengeId, known, signal, knownNotices);
      notices.heard(timer.notices);
      return timer;
    },
    [credentials, challengeId, notices, showsNotices],
  );
  const followed = useLiveDeadline(challenge.deadline, follow, !underExam);
  const told = useExamDeadline(challenge.deadline, underExam);
  const deadlineIso = underExam ? told : followed;
  const deadline = Date.parse(deadlineIso);
  const online = useOnline();
  const { language, accepted, choose } = useLanguageChoice(owner, scope, challenge);
  const isDefault = language === challenge.language;
  // One draft per language; the starter code is written for the default language only.
  const draft = useDraft(
    owner,
    draftScope(scope, language, challenge.language),
    isDefault ? challenge.starterCode : '',
  );
  /** Sent with Run and Submit only when it is not the default (older servers know no other). */
  const chosen = useMemo(() => (isDefault ? {} : { language }), [isDefault, language]);
  const [busy, setBusyState] = useState<Busy>(null);
  // Read synchronously, so a double click or key repeat cannot start two calls.
  const busyNow = useRef<Busy>(null);
  const setBusy = useCallback((value: Busy) => {
    busyNow.current = value;
    setBusyState(value);
  }, []);
  const [runResponse, setRunResponse] = useState<RunResponse>();
  const [submission, setSubmission] = useState<FinishedSubmission>();
  const [bestScore, setBestScore] = useState(challenge.bestScore);
  const [useCustomInput, setUseCustomInput] = useState(false);
  const [customInput, setCustomInput] = useState('');
  const [timeUp, setTimeUp] = useState(false);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  // The problem's grade once staff graded it by hand (issue 34 item 3).
  const [grade, setGrade] = useState<StudentGrade>();
  const [replacement, setReplacement] = useState<Replacement & { language: JudgeLanguage }>();

  // The history is read when the page opens and after each verdict; failing to read it is not
  // worth a toast (the results themselves are shown anyway).
  // A copy is kept on this computer: offline, the last history (and its feedback) still shows.
  const refreshHistory = useCallback(() => {
    fetchHistory(credentials, challengeId).then(
      (answer) => {
        setHistory(answer.submissions);
        setGrade(answer.grade);
        void saveHistoryCopy(owner, scope, answer).catch(() => undefined);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 0)
          void loadHistoryCopy(owner, scope).then(
            (copy) => {
              if (!copy) return;
              setHistory((shown) => (shown.length > 0 ? shown : copy.submissions));
              setGrade((shown) => shown ?? copy.grade);
            },
            () => undefined,
          );
      },
    );
  }, [credentials, challengeId, owner, scope]);
  useEffect(() => refreshHistory(), [refreshHistory]);
  const loadFromHistory = useCallback(
    (entry: HistoryEntry) => {
      // Into the editor of the submission's own language (switching to it if need be).
      if (accepted.includes(entry.language)) choose(entry.language);
      setReplacement((previous) => ({
        code: entry.code,
        language: entry.language,
        serial: (previous?.serial ?? 0) + 1,
      }));
      showSuccess(
        messages.historyLoaded.replace('{time}', new Date(entry.createdAt).toLocaleTimeString()),
      );
    },
    [accepted, choose],
  );

  const judged = useCallback(
    (result: FinishedSubmission, fromQueue: boolean) => {
      setSubmission(result);
      refreshHistory();
      if (fromQueue) showSuccess(messages.submissionSent);
      // Not released yet (result-release.ts): no score to show, nor to tell the test screen.
      if (result.status === 'withheld') {
        postToParent({ type: 'withheld', challengeId });
        return;
      }
      setBestScore(result.bestScore);
      postToParent({
        type: 'submitted',
        challengeId,
        score: result.score,
        maxScore: result.maxScore,
        bestScore: result.bestScore,
      });
    },
    [challengeId, refreshHistory],
  );
  const submissions = useSubmissions({
    owner,
    challengeId,
    scope,
    credentials,
    clock,
    onJudged: judged,
    onRefused: showError,
  });

  // Exam integrity (issue 17): what the challenge asks to record, and the editor's paste guard.
  const captureTabChanges = challenge.captureTabChanges ?? false;
  const disablePaste = challenge.disablePaste ?? false;
  const { recordPaste } = useExamSignals({
    owner,
    attemptId: challenge.attemptId,
    captureTabChanges,
    disablePaste,
    credentials,
    clock,
  });
  // One copy memory for the page, shared by the editors of every language. The guard is made
  // with the settings of the loaded challenge, which do not change while the page is open; an
  // editor takes it when it is created.
  const [copyMemory] = useState(createCopyMemory);
  const editorGuard = useMemo(
    () =>
      pasteGuard({
        memory: copyMemory,
        disablePaste: () => disablePaste,
        onPaste: (decision) => {
          recordPaste(decision);
          if (decision.kind === 'outside' && decision.blocked) showError(messages.pasteBlocked);
        },
      }),
    [copyMemory, disablePaste, recordPaste],
  );

  useEffect(() => {
    postToParent({ type: 'started', challengeId, deadline: deadlineIso });
  }, [challengeId, deadlineIso]);

  const submit = useCallback(
    async (code: string) => {
      if (busyNow.current === 'submit') return;
      setBusy('submit');
      try {
        const outcome = await submissions.submit(code, chosen.language);
        // Sent: the result follows (submission-progress shows the wait meanwhile).
        // Kept, not failed: the toast of a success, and the offline note says it until it is sent.
        if (outcome.kind === 'queued') showSuccess(messages.submissionQueued);
        else refreshHistory();
      } catch (error) {
        showFailure(error);
      } finally {
        setBusy(null);
      }
    },
    [submissions, setBusy, refreshHistory, chosen.language],
  );

  const onTimeUp = useCallback(() => {
    setTimeUp(true);
    postToParent({ type: 'time-up', challengeId });
    const code = draft.current();
    const due = autoSubmitDue({
      now: clock.now(),
      deadline,
      graceSeconds: challenge.graceSeconds,
      code,
      alreadyDone: autoSubmitDone(owner, scope),
    });
    // A submission already on its way is the last one.
    if (!due || busyNow.current === 'submit') return;
    markAutoSubmitted(owner, scope);
    showSuccess(messages.autoSubmitted);
    void submit(code);
  }, [challengeId, scope, clock, deadline, challenge.graceSeconds, draft, owner, submit]);
  const remaining = useCountdown(deadline, clock, onTimeUp);
  // A later deadline (a reopen, extra time) lifts the end: the page works again.
  const over = timeUp && remaining <= 0;

  const run = useCallback(async () => {
    if (busyNow.current || over) return;
    if (!navigator.onLine) {
      showError(messages.runNeedsNetwork);
      return;
    }
    setBusy('run');
    try {
      setRunResponse(
        await runCode(credentials, {
          challengeId,
          code: draft.current(),
          ...chosen,
          ...(useCustomInput && !challenge.interactive ? { stdin: customInput } : {}),
        }),
      );
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(null);
    }
  }, [
    over,
    credentials,
    challengeId,
    draft,
    useCustomInput,
    customInput,
    setBusy,
    chosen,
    challenge.interactive,
  ]);

  // Ctrl/Cmd+Enter runs from anywhere on the page (the custom input too). The editor handles it
  // itself and marks the event handled, so it is not run twice.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented)
        return;
      event.preventDefault();
      void run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [run]);

  const locked = busy !== null || over;
  return (
    <div className="compiler">
      <header className="compiler__bar">
        <div className="compiler__title">
          <h1 className="compiler__name">{challenge.challengeName}</h1>
          <p className="compiler__meta muted">
            <span data-testid="challenge-id">{challengeId}</span> · {LANGUAGE_LABELS[language]} ·{' '}
            {challenge.difficultyLev}
          </p>
        </div>
        <p className="compiler__best">
          {messages.bestScoreLabel}:{' '}
          <strong data-testid="best-score">
            {challenge.released === false && bestScore === null
              ? releaseMessages.notReleased
              : bestScore === null
                ? messages.noScoreYet
                : `${formatScore(bestScore)} / ${formatScore(challenge.score)}`}
          </strong>
        </p>
        {/* Under an exam, the exam screen around the page shows the exam's one countdown. */}
        {credentials.examCode ? null : <Countdown remainingMs={remaining} />}
      </header>
      {showsNotices && noticesView ? (
        <ChallengeNotices
          view={noticesView}
          credentials={credentials}
          challengeId={challengeId}
          challengeName={challenge.challengeName}
          owner={owner}
          cursor={notices}
          markdownView={statementView}
        />
      ) : null}
      <SignalNotice captureTabChanges={captureTabChanges} disablePaste={disablePaste} />
      <div className="compiler__body">
        <StatementPanel
          challenge={challenge}
          credentials={credentials}
          statementView={statementView}
        />
        <section
          className="compiler__work"
          aria-label={messages.editorLabel.replace('{language}', LANGUAGE_LABELS[language])}
        >
          {accepted.length > 1 ? (
            <LanguagePicker
              language={language}
              accepted={accepted}
              disabled={locked}
              onChoose={(next) => {
                setReplacement(undefined);
                choose(next);
              }}
            />
          ) : null}
          {draft.initialCode === undefined ? (
            <p role="status">{messages.compilerLoading}</p>
          ) : (
            <CodeEditor
              key={language}
              language={language}
              initialCode={draft.initialCode}
              onChange={draft.onChange}
              onRun={() => void run()}
              replacement={replacement?.language === language ? replacement : undefined}
              extensions={editorGuard}
            />
          )}
          <p className="compiler__draft muted" aria-live="polite" data-testid="draft-status">
            {draft.restored ? `${messages.draftRestored} ` : ''}
            {draft.saved ? messages.draftSaved : ''}
          </p>
          {challenge.interactive ? (
            <p className="compiler__input muted" data-testid="interactive-note">
              {messages.interactiveRunsSamples}
            </p>
          ) : (
            <div className="compiler__input">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={useCustomInput}
                  onChange={(event) => setUseCustomInput(event.target.checked)}
                />
                <span>{messages.useCustomInput}</span>
              </label>
              {useCustomInput ? (
                <label className="field">
                  <span className="field__label">{messages.customInput}</span>
                  <textarea
                    className="field__input field__input--mono"
                    rows={4}
                    value={customInput}
                    onChange={(event) => setCustomInput(event.target.value)}
                  />
                </label>
              ) : null}
            </div>
          )}
          <div className="actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={locked}
              onClick={() => void run()}
            >
              {busy === 'run' ? messages.running : messages.run}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={locked}
              onClick={() => void submit(draft.current())}
            >
              {busy === 'submit' ? messages.judging : messages.submit}
            </button>
          </div>
          <OfflineNote online={online} waiting={submissions.pending.length} />
          {over ? <p className="compiler__over">{messages.testOverNote}</p> : null}
          <PendingSubmissions pending={submissions.pending} />
          <SubmissionProgress
            state={submissions.following.state}
            awaitingNetwork={submissions.following.awaitingNetwork}
          />
          <div aria-live="polite" className="compiler__results">
            {submission ? <SubmitResult result={submission} /> : null}
            {runResponse ? <RunResult response={runResponse} /> : null}
          </div>
          <SubmissionHistory
            entries={history}
            statementView={statementView}
            grade={grade}
            showLanguage={accepted.length > 1}
            disabled={over}
            onLoad={loadFromHistory}
          />
        </section>
      </div>
    </div>
  );
}
