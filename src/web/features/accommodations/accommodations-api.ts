/** The staff's accommodation calls (src/contract/accommodations.ts) through the fetch wrapper. */
import {
  accommodationResponseSchema,
  accommodationsPath,
  type AccommodationRequest,
  type AccommodationResponse,
  type AccommodationSitting,
} from '../../../contract/accommodations.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function fetchAccommodation(
  token: string,
  sitting: AccommodationSitting,
  userId: string,
): Promise<AccommodationResponse> {
  return apiRequest(accommodationsPath(sitting, userId), {
    token,
    schema: accommodationResponseSchema,
  });
}

export function giveAccommodation(
  token: string,
  sitting: AccommodationSitting,
  userId: string,
  body: AccommodationRequest,
): Promise<AccommodationResponse> {
  return apiRequest(accommodationsPath(sitting, userId), {
    method: 'POST',
    token,
    body,
    schema: accommodationResponseSchema,
  });
}
