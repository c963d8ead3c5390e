// The feedback endpoints: the list (waiting first), one entry, and marking it handled.
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminFeedbackResponse,
  FeedbackIdParams,
  FeedbackListResponse,
  FeedbackQuery,
  SetFeedbackHandledRequest,
} from './feedback.js';

export const feedbackEndpoints = {
  listFeedback: {
    method: 'GET',
    path: '/api/admin/feedback',
    summary: "Shoppers' feedback: waiting first, then handled, newest first in each",
    access: 'feedback.manage',
    query: FeedbackQuery,
    response: FeedbackListResponse,
  },
  getFeedback: {
    method: 'GET',
    path: '/api/admin/feedback/:id',
    summary: 'One feedback entry in full',
    access: 'feedback.manage',
    params: FeedbackIdParams,
    response: AdminFeedbackResponse,
  },
  setFeedbackHandled: {
    method: 'PATCH',
    path: '/api/admin/feedback/:id',
    summary: 'Marks feedback handled (by the signed-in staff member) or waiting again',
    access: 'feedback.manage',
    params: FeedbackIdParams,
    body: SetFeedbackHandledRequest,
    response: AdminFeedbackResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
