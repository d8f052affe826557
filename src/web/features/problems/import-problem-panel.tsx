/**
 * The dashboard's 'Import problem' view (issue 14 item 7): a problem package zip, an optional
 * test code and languages, uploaded with a progress bar; then the challenge it became and the
 * self-check of the package's own submissions (expected verdict against the judge's), like
 * problemtools' verifyproblem, filling in as the server judges them after the import answered.
 * Self-contained: the dashboard mounts it with the admin's token.
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { ProblemImportResponse, SelfCheckProgress } from '../../../contract/problems.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { TextField } from '../../ui/text-field.tsx';
import { showError, showSuccess } from '../../ui/toast.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { VerdictText } from '../../ui/verdict-text.tsx';
import { usePolling } from '../../ui/use-polling.ts';
import { importProblem, readSelfCheck } from './problems-api.ts';
import './problems.css';

export function ImportProblemPanel({ token }: { token: string }) {
  const ids = { file: useId(), progress: useId(), title: useId(), status: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [challengeId, setChallengeId] = useState('');
  const [languages, setLanguages] = useState('');
  const [replace, setReplace] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ProblemImportResponse | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      showError(messages.selectFile);
      return;
    }
    setResult(null);
    setProgress(0);
    try {
      const answer = await importProblem(
        file,
        { challengeId, languages, replace },
        token,
        setProgress,
      );
      setResult(answer);
      showSuccess(
        (answer.replaced ? messages.importReplaced : messages.importDone).replace(
          '{id}',
          answer.challenge.challengeId,
        ),
      );
    } catch (error) {
      showFailure(error);
    } finally {
      setProgress(null);
    }
  }

  const working = progress !== null;
  return (
    <section className="card import-problem" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="card__title">
        {messages.importProblemTitle}
      </h2>
      <p className="muted">{messages.importProblemIntro}</p>
      <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="field">
          <label className="field__label" htmlFor={ids.file}>
            {messages.importPackageLabel}
          </label>
          <input
            id={ids.file}
            className="field__input"
            type="file"
            name="package"
            accept=".zip,application/zip"
            disabled={working}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <TextField
          label={messages.importIdLabel}
          name="challengeId"
          spellCheck={false}
          value={challengeId}
          disabled={working}
          onChange={(e) => setChallengeId(e.target.value)}
        />
        <TextField
          label={messages.importLanguagesLabel}
          name="languages"
          spellCheck={false}
          placeholder="python, cpp"
          value={languages}
          disabled={working}
          onChange={(e) => setLanguages(e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="replace"
            checked={replace}
            disabled={working}
            onChange={(e) => setReplace(e.target.checked)}
          />
          {messages.importReplaceLabel}
        </label>
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={working}>
            {messages.importButton}
          </button>
        </div>
        <div id={ids.status} role="status" aria-live="polite">
          {working && progress < 1 ? (
            <div className="import-problem__progress">
              <label htmlFor={ids.progress}>{messages.uploadProgressLabel}</label>
              <progress id={ids.progress} max={100} value={Math.round(progress * 100)}>
                {Math.round(progress * 100)}%
              </progress>
            </div>
          ) : null}
          {working && progress >= 1 ? <p>{messages.importWorking}</p> : null}
        </div>
      </form>
      {result ? <ImportResult result={result} token={token} /> : null}
    </section>
  );
}

/** Follows the self-check the import started (it goes on after the import answers). */
function useSelfCheck(result: ProblemImportResponse, token: string) {
  const progress = usePolling<SelfCheckProgress>({
    key: result.selfCheckId ?? 'none',
    active: result.selfCheckId !== null,
    intervalMs: 1000,
    load: (signal) => readSelfCheck(result.selfCheckId ?? '', token, signal),
    keepGoing: (p) => p.status === 'running',
  });
  return {
    rows: progress?.rows ?? result.selfCheck,
    total: result.selfCheckTotal,
    status: result.selfCheckId === null ? 'done' : (progress?.status ?? 'running'),
  };
}

function ImportResult({ result, token }: { result: ProblemImportResponse; token: string }) {
  const { rows, total, status } = useSelfCheck(result, token);
  const agree = rows.filter((r) => r.agrees).length;
  const progressId = useId();
  return (
    <div className="import-problem__result" data-testid="import-result">
      <p>
        <strong>{result.challenge.challengeName}</strong> ({result.challenge.challengeId}) ·{' '}
        <Link
          to="/adminDash"
          search={{ view: 'edit-challenge', challengeId: result.challenge.challengeId }}
        >
          {messages.openImported}
        </Link>
      </p>
      <h3 className="import-problem__subtitle">{messages.selfCheckTitle}</h3>
      {total === 0 ? (
        <p className="muted">{messages.selfCheckNone}</p>
      ) : (
        <>
          <div role="status" aria-live="polite">
            {status === 'running' ? (
              <div className="import-problem__progress">
                <label htmlFor={progressId}>
                  {messages.selfCheckRunning
                    .replace('{done}', String(rows.length))
                    .replace('{total}', String(total))}
                </label>
                <progress id={progressId} max={total} value={rows.length}>
                  {rows.length} / {total}
                </progress>
              </div>
            ) : status === 'interrupted' ? (
              <p>{messages.selfCheckInterrupted}</p>
            ) : (
              <p data-testid="self-check-summary">
                {messages.selfCheckSummary
                  .replace('{agree}', String(agree))
                  .replace('{total}', String(rows.length))}
              </p>
            )}
          </div>
          {rows.length > 0 ? (
            <div className="table-wrap">
              <table className="table" data-testid="self-check">
                <caption className="visually-hidden">{messages.selfCheckTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">{messages.colSubmission}</th>
                    <th scope="col">{messages.colLanguage}</th>
                    <th scope="col">{messages.colExpected}</th>
                    <th scope="col">{messages.colGot}</th>
                    <th scope="col" className="data-table__numeric">
                      {messages.colScore}
                    </th>
                    <th scope="col">{messages.colAgrees}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr
                      key={row.path}
                      className={row.agrees ? undefined : 'import-problem__disagree'}
                    >
                      <th scope="row" className="data-table__row-header">
                        <code>{row.path.replace(/^submissions\//u, '')}</code>
                        {row.files ? (
                          // A folder judged as one submission: its files, the entry first.
                          <p className="muted">{row.files.join(', ')}</p>
                        ) : null}
                        {row.message ? <p className="muted">{row.message}</p> : null}
                      </th>
                      <td>{LANGUAGE_LABELS[row.language]}</td>
                      <td>{row.expected}</td>
                      <td>
                        <VerdictText verdict={row.got} />
                      </td>
                      <td className="data-table__numeric">{row.score}</td>
                      <td>{row.agrees ? `✓ ${messages.yes}` : `✗ ${messages.no}`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
      {result.warnings.length > 0 ? (
        <>
          <h3 className="import-problem__subtitle">{messages.importWarnings}</h3>
          <ul>
            {result.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
