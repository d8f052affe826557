/**
 * The score distribution drawn in plain SVG (histogram-geometry.ts): one role="img" with its
 * description in words, and the same figures as a table for screen readers, hidden from sight.
 * Colours come from the theme's variables, so it reads in the light and the dark palette.
 */
import { useId } from 'react';
import { statisticsMessages, type ScoreBin } from '../../../../contract/grading-statistics.ts';
import {
  HISTOGRAM_LAYOUT,
  binLabel,
  histogramBars,
  histogramDescription,
} from './histogram-geometry.ts';

export function ScoreHistogram({ bins, students }: { bins: ScoreBin[]; students: number }) {
  const id = useId();
  const { width, height, bottom } = HISTOGRAM_LAYOUT;
  const bars = histogramBars(bins);
  const baseline = height - bottom;
  return (
    <figure className="stats-histogram">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${width} ${height}`}
        className="stats-histogram__svg"
        data-testid="score-histogram"
      >
        <title id={`${id}-title`}>{statisticsMessages.histogramHeading}</title>
        <desc id={`${id}-desc`}>{histogramDescription(bins, students)}</desc>
        <line x1={0} x2={width} y1={baseline} y2={baseline} className="stats-histogram__axis" />
        {bars.map((bar) => (
          <g key={bar.label}>
            <rect
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              rx={2}
              className={
                bar === bars.at(-1)
                  ? 'stats-histogram__bar stats-histogram__bar--full'
                  : 'stats-histogram__bar'
              }
            />
            {bar.count > 0 ? (
              <text
                x={bar.x + bar.width / 2}
                y={bar.y - 5}
                textAnchor="middle"
                className="stats-histogram__count"
              >
                {bar.count}
              </text>
            ) : null}
            <text
              x={bar.x + bar.width / 2}
              y={height - 9}
              textAnchor="middle"
              className="stats-histogram__label"
            >
              {bar.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="muted stats-histogram__caption">
        {statisticsMessages.histogramAxis}
      </figcaption>
      <table className="visually-hidden">
        <caption>{statisticsMessages.histogramTableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{statisticsMessages.binColumn}</th>
            <th scope="col">{statisticsMessages.studentsColumn}</th>
          </tr>
        </thead>
        <tbody>
          {bins.map((bin) => (
            <tr key={binLabel(bin)}>
              <th scope="row">{binLabel(bin)}</th>
              <td>{bin.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
