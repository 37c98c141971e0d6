import { DEFAULT_DUE_TIME, type UserProfile } from '@brainboard/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { callEndpoint } from '../data/api/call.ts';
import { isApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';

/**
 * Settings → "Default due time": the time quick add, the brain dump and the syllabus import give
 * a date written without one (11:59 PM unless changed).
 */
export function DefaultDueTime({ user }: { user: UserProfile }) {
  const id = useId();
  const { mergeUser } = useSession();
  const [value, setValue] = useState(user.default_due_time ?? DEFAULT_DUE_TIME);

  async function save(next: string) {
    setValue(next);
    try {
      await callEndpoint(api, 'PATCH /api/user/:id', { id: user.id }, { default_due_time: next });
      mergeUser({ default_due_time: next });
    } catch (err) {
      toast.error(
        isApiError(err) && err.message
          ? err.message
          : 'Your default due time could not be saved. Please try again.',
      );
    }
  }

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Default due time (for a date typed without a time)
      </label>
      <input
        id={id}
        className="text-field"
        type="time"
        value={value}
        onChange={(e) => {
          if (/^\d\d:\d\d$/.test(e.target.value)) void save(e.target.value);
        }}
      />
    </div>
  );
}
