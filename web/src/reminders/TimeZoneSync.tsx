import type { UserProfile } from '@brainboard/domain';
import { useEffect } from 'react';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';

/** Keeps the profile's time zone (which reminders are computed in) equal to the browser's. */
export function TimeZoneSync({ user }: { user: UserProfile }) {
  const { mergeUser } = useSession();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === user.time_zone) return;
    callEndpoint(api, 'PATCH /api/user/:id', { id: user.id }, { time_zone: zone })
      .then(() => mergeUser({ time_zone: zone }))
      .catch((err: unknown) => console.warn('Brainboard: saving the time zone failed.', err));
  }, [user.id, user.time_zone, mergeUser]);
  return null;
}
