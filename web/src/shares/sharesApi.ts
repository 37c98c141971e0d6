import type { PathOf, SharedBoard, ShareScope } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';

/** Sharing a board with a supporter (the /api/shares, /api/cheers and /api/shared endpoints). */

export const createShare = (name: string, scope: ShareScope) =>
  callEndpoint(api, 'POST /api/shares', {}, { name, scope });
export const listShares = async () => (await callEndpoint(api, 'GET /api/shares', {})).shares;
export const updateShare = (id: string, changes: { scope?: ShareScope; cheers?: boolean }) =>
  callEndpoint(api, 'PATCH /api/shares/:id', { id }, changes);
export const stopSharing = (id: string) => callEndpoint(api, 'DELETE /api/shares/:id', { id });

export const listCheers = async () => (await callEndpoint(api, 'GET /api/cheers', {})).cheers;
export const dismissCheer = (id: string) => callEndpoint(api, 'DELETE /api/cheers/:id', { id });

export const acceptInvite = (token: string) =>
  callEndpoint(api, 'POST /api/shared/accept', {}, { token });
export const sharedBoards = async () => (await callEndpoint(api, 'GET /api/shared', {})).boards;
/**
 * A shared board, for polling: `etag` is the tag of the copy shown; unchanged answers null (the
 * server reads two documents for it, not the board).
 */
export async function sharedBoardIfChanged(
  id: string,
  etag: string | null,
): Promise<{ board: SharedBoard; etag: string | null } | null> {
  const path: PathOf<'GET /api/shared/:id/board'> = '/api/shared/:id/board';
  const answer = await api.conditionalGet<SharedBoard>(
    path.replace(':id', encodeURIComponent(id)),
    etag,
  );
  return answer.notModified ? null : { board: answer.body, etag: answer.etag };
}
export const sendCheer = (id: string, text: string) =>
  callEndpoint(api, 'POST /api/shared/:id/cheers', { id }, { text });
