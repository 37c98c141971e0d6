import type { Assignment } from '@brainboard/domain';
import type { ApiClient } from '../data/api/client.ts';
import { sendMutation } from '../data/outbox/pending.ts';

/**
 * Moves an open repeating card's due date from `card.due_date` to its rule's next date, `to` as
 * this device reads it, through the outbox like every write (offline it waits, shown at once):
 * sent again, it moves the card once.
 */
export async function skipToNext(
  api: ApiClient,
  card: Assignment,
  to: string,
): Promise<Assignment> {
  const res = await sendMutation<{ item: Assignment }>(api, {
    kind: 'skip',
    id: card.id,
    from: card.due_date,
    to,
  });
  return res.item;
}

/** The alert when a skip could not be saved. */
export const skipFailed = (detail: string) => `Failed to skip to the next date: ${detail}`;
