import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { showAlert } from '../ui/notify.ts';
import { calendarOutcomeMessage } from './calendarOutcome.ts';
import { saveAssignmentToCalendar, saveToCalendar } from './saveToCalendar.ts';

vi.mock('../ui/notify.ts', () => ({ showAlert: vi.fn(), askToConfirm: vi.fn() }));

const ACCESS =
  'Calendar access not granted. Sign out and sign in with Google again to allow calendar access.';

describe('calendarOutcomeMessage', () => {
  it('success: the exact text plus the server message', () => {
    expect(calendarOutcomeMessage({ ok: true, serverMessage: 'Event added.' })).toBe(
      '✅ Assignment created/updated and saved to calendar successfully!\nEvent added.',
    );
    expect(calendarOutcomeMessage({ ok: true })).toBe(
      '✅ Assignment created/updated and saved to calendar successfully!',
    );
  });

  it('access not granted: the save worked, sign in with Google again', () => {
    const text = calendarOutcomeMessage({ ok: false, error: ACCESS });
    expect(text.startsWith('Assignment created/updated successfully!')).toBe(true);
    expect(text).toMatch(/sign in again with Google to grant calendar access/);
  });

  it('any other failure: the save worked, the calendar failed, and why', () => {
    expect(calendarOutcomeMessage({ ok: false, error: 'Google Calendar is down' })).toBe(
      'Assignment created/updated successfully, but adding it to the calendar failed: Google Calendar is down',
    );
  });
});

describe('saving to the calendar from the editor', () => {
  beforeEach(() => {
    vi.mocked(showAlert).mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('posts to the assignment with the browser time zone', async () => {
    const post = vi.fn().mockResolvedValue({ message: 'ok', event_id: 'e1' });
    await saveToCalendar({ post } as never, 'a/1', 'Europe/Berlin');
    expect(post).toHaveBeenCalledWith('/api/assignment/a%2F1/save-to-calendar', {
      time_zone: 'Europe/Berlin',
    });
    await saveToCalendar({ post } as never, 'a1');
    expect(post.mock.calls[1]?.[1]).toEqual({
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('shows the success alert with the server message', async () => {
    const post = vi.fn().mockResolvedValue({ message: 'The event was added.' });
    await saveAssignmentToCalendar({ post } as never, 'a1', true);
    expect(showAlert).toHaveBeenCalledWith(
      '✅ Assignment created/updated and saved to calendar successfully!\nThe event was added.',
    );
  });

  it('shows the sign-in-again alert when the server says access is not granted', async () => {
    const post = vi
      .fn()
      .mockRejectedValue(new ApiError('bad-request', ACCESS, { status: 403, serverError: ACCESS }));
    await saveAssignmentToCalendar({ post } as never, 'a1', false);
    const text = vi.mocked(showAlert).mock.calls[0]?.[0] ?? '';
    expect(text.startsWith('Assignment created/updated successfully!\n')).toBe(true);
    expect(text).toContain('Google');
  });

  it('shows the other alert with the server error for any other failure', async () => {
    const post = vi.fn().mockRejectedValue(
      new ApiError('bad-response', 'x', {
        status: 503,
        serverError: 'Google Calendar did not accept the event: Backend Error',
      }),
    );
    await saveAssignmentToCalendar({ post } as never, 'a1', false);
    expect(showAlert).toHaveBeenCalledWith(
      'Assignment created/updated successfully, but adding it to the calendar failed: Google Calendar did not accept the event: Backend Error',
    );
  });
});
