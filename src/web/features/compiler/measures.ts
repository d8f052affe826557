import { messages } from '../../../contract/messages.ts';

export const formatTime = (ms: number) =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;

export const formatMemory = (bytes: number | null) =>
  bytes === null ? messages.notMeasured : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Scores are shown with at most two decimals (weights can make fractions). */
export const formatScore = (score: number) => String(Math.round(score * 100) / 100);
