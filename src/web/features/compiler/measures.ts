import { messages } from '../../../contract/messages.ts';

export { timeText as formatTime } from '../../ui/run-time.ts';

export const formatMemory = (bytes: number | null) =>
  bytes === null ? messages.notMeasured : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Scores are shown with at most two decimals (weights can make fractions). */
export const formatScore = (score: number) => String(Math.round(score * 100) / 100);
