/** The teacher's read of one student's exam events (issue 17). */
import {
  signalTimelinePath,
  signalTimelineSchema,
  type SignalTimeline,
} from '../../../contract/signals.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function fetchSignalTimeline(
  token: string,
  challengeId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<SignalTimeline> {
  const path = signalTimelinePath
    .replace(':challengeId', encodeURIComponent(challengeId))
    .replace(':userId', encodeURIComponent(userId));
  return apiRequest(path, { token, schema: signalTimelineSchema, signal });
}
