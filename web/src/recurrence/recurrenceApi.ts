import type { Assignment } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';

/** Moves an open repeating card's due date to its rule's next date. */
export async function skipToNext(api: ApiClient, id: string): Promise<Assignment> {
  return (await callEndpoint(api, 'POST /api/assignment/:id/skip', { id }, {})).item;
}

/** The alert when a skip could not be saved. */
export const skipFailed = (detail: string) => `Failed to skip to the next date: ${detail}`;
