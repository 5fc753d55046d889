import type {
  CommentsPage,
  IdeaInterestRequest,
  InterestAnswer,
  InterestKind,
  MyInterestRequest,
} from '@kindling/contract';
import { api } from '../api/client.ts';

/**
 * Query keys of CONTRACT §9's calls. An idea's comments and requests sit under the idea's own key,
 * so a change to them can also refresh its card (the comment count) with the idea.
 */
export const discussionKeys = {
  comments: (ideaId: number) => ['idea', ideaId, 'comments'] as const,
  commentPage: (ideaId: number, page: number) => ['idea', ideaId, 'comments', page] as const,
  ideaInterest: (ideaId: number) => ['idea', ideaId, 'interest'] as const,
  myInterest: ['my-interest'] as const,
};

type Signal = { signal?: AbortSignal };

export const fetchComments = (ideaId: number, page: number, { signal }: Signal = {}) =>
  api.get<CommentsPage>(`/ideas/${ideaId}/comments`, { query: { page, page_size: 10 }, signal });

export const postComment = (ideaId: number, body: string) =>
  api.post<{ id: number }>(`/ideas/${ideaId}/comments`, { body: { body } });

export const putComment = (commentId: number, body: string) =>
  api.put<{ message: string }>(`/comments/${commentId}`, { body: { body } });

export const deleteComment = (commentId: number) =>
  api.delete<{ message: string }>(`/comments/${commentId}`);

export const putCommentHidden = (commentId: number, hidden: boolean) =>
  api.put<{ message: string }>(`/admin/comments/${commentId}/hidden`, { body: { hidden } });

export const putCommentsClosed = (ideaId: number, closed: boolean) =>
  api.put<{ message: string }>(`/ideas/${ideaId}/comments/closed`, { body: { closed } });

export const postInterest = (ideaId: number, request: { kind: InterestKind; message: string }) =>
  api.post<{ id: number; status: 'open' }>(`/ideas/${ideaId}/interest`, { body: request });

export const fetchIdeaInterest = (ideaId: number, { signal }: Signal = {}) =>
  api
    .get<{ requests: IdeaInterestRequest[] }>(`/ideas/${ideaId}/interest`, { signal })
    .then((answer) => answer.requests);

export const fetchMyInterest = ({ signal }: Signal = {}) =>
  api
    .get<{ requests: MyInterestRequest[] }>('/me/interest', { signal })
    .then((answer) => answer.requests);

export const putInterest = (
  requestId: number,
  answer: { status: InterestAnswer; reason: string },
) => api.put<{ message: string }>(`/interest/${requestId}`, { body: answer });
