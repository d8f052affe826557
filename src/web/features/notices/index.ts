/**
 * The notices feature (issue 32 item 5): the student's panel (handed by the routes to the
 * compiler page and the exam screen as ui/notices-view.ts) and the staff's page and its pieces,
 * which the proctor view can embed.
 */
export { StudentNoticesPanel } from './student-notices.tsx';
export {
  StaffNoticesView,
  StaffQuestionList,
  UnansweredCount,
  useStaffNotices,
} from './staff-notices.tsx';
export { AnnouncementForm, AnswerForm } from './staff-forms.tsx';
