/**
 * One side of a pair: a student's program with the regions it shares with the other program
 * marked. Marked means a background colour and a thick underline (never the colour alone), and
 * words a screen reader says where a region starts and ends. The code scrolls inside a focusable
 * region, so the keyboard scrolls it; the region buttons move the focus from one shared region to
 * the next and scroll it into view. Common code both programs hold (issue 37) is marked apart, in
 * another colour and a dotted underline, with "shared by 14 of 30 students" beside it.
 */
import { useMemo, useRef } from 'react';
import { messages } from '../../../contract/messages.ts';
import type { SimilarityPairSide } from '../../../contract/similarity.ts';
import { LANGUAGE_LABELS } from '../../../contract/verdicts.ts';
import { markedLines, regionCount } from './marked-code.ts';

type Props = { side: SimilarityPairSide; paneId: string; compared: number };

export function CodePane({ side, paneId, compared }: Props) {
  const lines = useMemo(
    () => markedLines(side.code, side.spans, side.common),
    [side.code, side.spans, side.common],
  );
  const commonText = (students: number) =>
    messages.similarityCommon
      .replace('{students}', String(students))
      .replace('{compared}', String(compared));
  const regions = regionCount(lines);
  const current = useRef(-1);
  const host = useRef<HTMLDivElement>(null);
  const label = messages.similarityCodeLabel
    .replace('{name}', side.name)
    .replace('{language}', LANGUAGE_LABELS[side.language]);

  const go = (step: 1 | -1) => {
    if (regions === 0) return;
    current.current = (current.current + step + regions) % regions;
    const mark = host.current?.querySelector<HTMLElement>(
      `[data-region-start="${current.current}"]`,
    );
    mark?.focus();
    mark?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="similarity__pane" aria-labelledby={`${paneId}-who`}>
      <header className="similarity__pane-header">
        <h4 id={`${paneId}-who`} className="similarity__pane-title">
          <span className="similarity__name">{side.name}</span>{' '}
          <span className="similarity__email muted">{side.email}</span>
        </h4>
        <p className="muted similarity__pane-meta">
          {LANGUAGE_LABELS[side.language]} ·{' '}
          {messages.similarityRegions.replace('{count}', String(regions))}
        </p>
        <div className="similarity__pane-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => go(-1)}
            disabled={regions === 0}
            aria-controls={`${paneId}-code`}
          >
            {messages.similarityPreviousRegion}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => go(1)}
            disabled={regions === 0}
            aria-controls={`${paneId}-code`}
          >
            {messages.similarityNextRegion}
          </button>
        </div>
      </header>
      <div
        ref={host}
        id={`${paneId}-code`}
        className="similarity__code"
        role="region"
        aria-label={label}
        tabIndex={0}
        data-testid="similarity-code"
      >
        {lines.map((line) => (
          <div key={line.number} className="similarity__line">
            <span className="similarity__number" aria-hidden="true">
              {line.number}
            </span>
            <code className="similarity__text">
              {line.parts.map((part, i) =>
                part.region === null ? (
                  part.text
                ) : part.students !== null ? (
                  <mark
                    key={i}
                    className="similarity__mark similarity__mark--common"
                    title={commonText(part.students)}
                    data-testid={part.first ? 'similarity-common' : undefined}
                  >
                    {part.first ? (
                      <span className="visually-hidden">
                        [
                        {messages.similarityCommonStart
                          .replace('{students}', String(part.students))
                          .replace('{compared}', String(compared))}
                        ]{' '}
                      </span>
                    ) : null}
                    {part.text}
                    {part.last ? (
                      <span className="visually-hidden"> [{messages.similarityCommonEnd}]</span>
                    ) : null}
                  </mark>
                ) : (
                  <mark
                    key={i}
                    className="similarity__mark"
                    {...(part.first
                      ? { 'data-region-start': String(part.shared), tabIndex: -1 }
                      : {})}
                  >
                    {part.first ? (
                      <span className="visually-hidden">[{messages.similaritySharedStart}] </span>
                    ) : null}
                    {part.text}
                    {part.last ? (
                      <span className="visually-hidden"> [{messages.similaritySharedEnd}]</span>
                    ) : null}
                  </mark>
                ),
              )}
              {line.parts.some((part) => part.first && part.students !== null) ? (
                <span className="similarity__common-note" aria-hidden="true">
                  {commonText(
                    line.parts.find((part) => part.first && part.students !== null)?.students ?? 0,
                  )}
                </span>
              ) : null}
            </code>
          </div>
        ))}
      </div>
    </section>
  );
}
