/** The staff's notices calls (contract/notices.ts), with the administrator's token. */
import {
  noticeCreatedSchema,
  staffAnnouncementsPath,
  staffAnswerPath,
  staffNoticesPath,
  staffNoticesSchema,
  type AnswerRequest,
  type NoticeCreated,
  type NoticesTarget,
  type StaffNotices,
} from '../../../contract/notices.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function fetchStaffNotices(
  token: string,
  target: NoticesTarget,
  signal?: AbortSignal,
): Promise<StaffNotices> {
  return apiRequest(staffNoticesPath(target), {
    token,
    schema: staffNoticesSchema,
    ...(signal ? { signal } : {}),
  });
}

export function postAnnouncement(
  token: string,
  target: NoticesTarget,
  body: string,
): Promise<NoticeCreated> {
  return apiRequest(staffAnnouncementsPath(target), {
    method: 'POST',
    token,
    body: { body },
    schema: noticeCreatedSchema,
  });
}

export function postAnswer(
  token: string,
  target: NoticesTarget,
  questionId: number,
  answer: AnswerRequest,
): Promise<NoticeCreated> {
  return apiRequest(staffAnswerPath(target, questionId), {
    method: 'POST',
    token,
    body: answer,
    schema: noticeCreatedSchema,
  });
}
