/**
 * The live proctor view of one sitting (`/adminDash?view=proctor` with `challengeId` or `exam`):
 * a summary line of the states, filters (state, name or email), a toolbar slot and the table of
 * every student, kept live by a long poll (use-live-proctor.ts); time left counts down here on
 * the server's clock. Actions (extra time, reopen, reset, message) and the toolbar (announce)
 * belong to other features: the route hands them in (`renderActions`, `toolbar`).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  OFFLINE_AFTER_SECONDS,
  proctorMessages as t,
  type ProctorCounts,
} from '../../../contract/proctor.ts';
import { messages } from '../../../contract/messages.ts';
import { ChoiceField } from '../../ui/choice-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { clockText, STATE_LABELS } from './proctor-format.ts';
import {
  filterRows,
  sortRows,
  STATE_FILTERS,
  type ProctorColumn,
  type ProctorSort,
  type StateFilter,
} from './proctor-rows.ts';
import { ProctorTable, type RenderActions } from './proctor-table.tsx';
import { useLiveProctor } from './use-live-proctor.ts';
import './proctor.css';

type Props = {
  token: string;
  /** The challenge proctored on its own; ignored when `examCode` is given. */
  challengeId?: string | undefined;
  examCode?: string | undefined;
  /** Each row's actions; no actions column without it. */
  renderActions?: RenderActions | undefined;
  /** Beside the filters: the sitting-wide actions (an announcement). */
  toolbar?: ReactNode;
};

/** Columns a teacher most often wants from the top: the largest first. */
const DESCENDING_FIRST: readonly ProctorColumn[] = ['submissions', 'integrity', 'lastActivity'];

/** A tick a second, for the countdowns. */
function useNow(clock: { now: () => number } | null): number {
  const [now, setNow] = useState(() => clock?.now() ?? Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(clock?.now() ?? Date.now()), 1000);
    return () => clearInterval(id);
  }, [clock]);
  return now;
}

export function ProctorView(props: Props) {
  if (!props.examCode && !props.challengeId)
    return (
      <section aria-labelledby="proctor-heading" className="dash-section proctor">
        <h2 id="proctor-heading" className="dash-section__title">
          {t.linkLabel}
        </h2>
        <p className="muted">{t.pick}</p>
      </section>
    );
  return <LiveProctorView {...props} />;
}

function LiveProctorView({ token, challengeId, examCode, renderActions, toolbar }: Props) {
  const live = useLiveProctor(token, challengeId ?? '', examCode);
  const now = useNow(live.clock);
  const [state, setState] = useState<StateFilter>('all');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ProctorSort>({ column: 'student', dir: 'asc' });
  const { view } = live;

  const rows = useMemo(
    () => (view ? sortRows(filterRows(view.students, state, text), sort, now) : []),
    [view, state, text, sort, now],
  );

  function onSort(column: ProctorColumn) {
    setSort((current) =>
      current.column === column
        ? { column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
        : { column, dir: DESCENDING_FIRST.includes(column) ? 'desc' : 'asc' },
    );
  }

  const code = examCode ?? challengeId ?? '';
  const back = examCode
    ? ({ view: 'results', exam: examCode } as const)
    : ({ view: 'results', challengeId } as const);
  return (
    <section aria-labelledby="proctor-heading" className="dash-section proctor">
      <div className="dash-section__header">
        <h2 id="proctor-heading" className="dash-section__title">
          {t.title.replace('{name}', view?.sitting.title ?? code)}{' '}
          <span className="proctor__code mono">{view?.sitting.code ?? code}</span>
        </h2>
        <Link to="/adminDash" search={back} className="button button--secondary">
          {t.back}
        </Link>
      </div>
      <p className="muted">{t.intro.replace('{seconds}', String(OFFLINE_AFTER_SECONDS))}</p>
      {live.error ? (
        <p className="proctor__error" role="alert">
          {live.error}
        </p>
      ) : null}
      {view?.sitting.stoppedAt ? (
        <p className="proctor__note" data-testid="proctor-stopped">
          {t.stoppedNote.replace('{time}', clockText(view.sitting.stoppedAt))}
        </p>
      ) : view?.sitting.lifecycle === 'draft' ? (
        <p className="proctor__note">{t.draftNote}</p>
      ) : null}

      <div className="proctor__bar">
        <p className="proctor__summary" aria-live="polite" data-testid="proctor-summary">
          {view ? summaryText(view.counts, view.students.length) : null}
        </p>
        {view && view.unansweredQuestions ? (
          <UnansweredLink
            count={view.unansweredQuestions}
            challengeId={challengeId}
            examCode={examCode}
          />
        ) : null}
        <p className="proctor__updated muted" data-testid="proctor-updated">
          {live.reconnecting
            ? t.reconnecting
            : live.receivedAt !== null
              ? t.updated.replace('{time}', clockText(new Date(live.receivedAt).toISOString()))
              : null}
        </p>
      </div>

      <div className="filters proctor__filters">
        <ChoiceField
          label={t.filterState}
          name="state"
          value={state}
          order={STATE_FILTERS}
          labels={STATE_LABELS}
          onChange={setState}
        />
        <TextField
          label={t.search}
          className="filters__search"
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {toolbar ? <div className="proctor__toolbar">{toolbar}</div> : null}
      </div>
      {view ? (
        <>
          <p className="muted proctor__shown">
            {t.shown.replace('{count}', rows.length.toLocaleString())}
          </p>
          <ProctorTable
            rows={rows}
            sitting={view.sitting}
            now={now}
            sort={sort}
            onSort={onSort}
            renderActions={renderActions}
          />
        </>
      ) : live.error ? null : (
        <p className="muted">{messages.loading}</p>
      )}
    </section>
  );
}

function summaryText(counts: ProctorCounts, total: number): string {
  return t.summary
    .replace('{total}', total.toLocaleString())
    .replace('{notStarted}', counts.notStarted.toLocaleString())
    .replace('{working}', counts.working.toLocaleString())
    .replace('{offline}', counts.offline.toLocaleString())
    .replace('{finished}', counts.finished.toLocaleString());
}

/** The questions waiting for an answer, a link to the sitting's Notices page (features/notices). */
function UnansweredLink(props: {
  count: number;
  challengeId: string | undefined;
  examCode: string | undefined;
}) {
  const text =
    props.count === 1 ? t.unansweredOne : t.unanswered.replace('{count}', String(props.count));
  const search =
    props.examCode !== undefined
      ? { view: 'notices' as const, exam: props.examCode }
      : { view: 'notices' as const, challengeId: props.challengeId };
  return (
    <Link
      to="/adminDash"
      search={search}
      className="link proctor__unanswered"
      data-testid="proctor-unanswered"
      aria-label={t.unansweredLinkLabel.replace('{text}', text)}
    >
      {text}
    </Link>
  );
}
