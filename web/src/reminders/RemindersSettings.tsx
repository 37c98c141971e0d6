import {
  DEFAULT_REMINDER_MINUTES,
  type BodyOf,
  type PushDevice,
  type UserProfile,
} from '@brainboard/domain';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { callEndpoint } from '../data/api/call.ts';
import { isApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { CopyField } from '../ui/CopyField.tsx';
import { useSession } from '../session/sessionContext.ts';
import { deviceName, PUSH_FALLBACK, pushBlocker } from './pushSupport.ts';
import { ReminderTimes } from './ReminderTimes.tsx';
import { readyRegistration } from './serviceWorker.ts';
import './reminders.css';

/** What the browser's PushSubscription.toJSON() holds for a push subscription. */
type SubscriptionJson = BodyOf<'POST /api/push/subscriptions'>['subscription'];

const fetchDevices = () =>
  callEndpoint(api, 'GET /api/push/subscriptions', {}).catch((): PushDevice[] => []);

const message = (err: unknown, fallback: string) =>
  isApiError(err) && err.message ? err.message : fallback;

/** Settings → Reminders: default times, push to this device, the device list, the calendar feed. */
export function RemindersSettings({ user }: { user: UserProfile }) {
  const { mergeUser } = useSession();
  const [defaults, setDefaults] = useState<number[]>(
    user.reminder_defaults ?? [...DEFAULT_REMINDER_MINUTES],
  );
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedUrl, setFeedUrl] = useState<string | null>(null);
  const blocker = pushBlocker();

  const loadDevices = useCallback(async () => {
    setDevices(await fetchDevices());
  }, []);
  useEffect(() => {
    let live = true;
    void fetchDevices().then((list) => {
      if (live) setDevices(list);
    });
    return () => {
      live = false;
    };
  }, []);

  async function saveDefaults(next: number[]) {
    setDefaults(next);
    try {
      await callEndpoint(api, 'PATCH /api/user/:id', { id: user.id }, { reminder_defaults: next });
      mergeUser({ reminder_defaults: next });
    } catch (err) {
      toast.error(message(err, 'Your reminder times could not be saved. Please try again.'));
    }
  }

  async function remindHere() {
    setBusy(true);
    try {
      // Asked only now, when the student pressed the button.
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        toast.error(PUSH_FALLBACK.denied);
        return;
      }
      const registration = await readyRegistration();
      if (!registration) {
        toast.error(PUSH_FALLBACK.unsupported);
        return;
      }
      const { publicKey } = await callEndpoint(api, 'GET /api/push/public-key', {});
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await callEndpoint(
        api,
        'POST /api/push/subscriptions',
        {},
        {
          subscription: subscription.toJSON() as SubscriptionJson,
          device_name: deviceName(navigator.userAgent),
        },
      );
      toast.success('This device will get your reminders.');
      await loadDevices();
    } catch (err) {
      toast.error(message(err, 'Reminders could not be turned on here. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    try {
      await callEndpoint(api, 'DELETE /api/push/subscriptions/:id', { id });
    } catch (err) {
      toast.error(message(err, 'That device could not be removed. Please try again.'));
    }
    await loadDevices();
  }

  async function test(id: string) {
    try {
      await callEndpoint(api, 'POST /api/push/subscriptions/:id/test', { id }, {});
      toast.success('Test reminder sent.');
    } catch (err) {
      toast.error(message(err, 'The test reminder could not be sent. Please try again.'));
      await loadDevices();
    }
  }

  async function showFeed(rotate: boolean) {
    try {
      const { url } = rotate
        ? await callEndpoint(api, 'POST /api/calendar-feed/rotate', {}, {})
        : await callEndpoint(api, 'GET /api/calendar-feed', {});
      setFeedUrl(url);
      if (rotate) toast.success('The old link stopped working. Add the new one to your calendar.');
    } catch (err) {
      toast.error(message(err, 'The calendar link could not be loaded. Please try again.'));
    }
  }

  return (
    <section className="settings__group" aria-labelledby="settings-reminders">
      <h3 id="settings-reminders">Reminders</h3>
      <ReminderTimes
        legend="Default reminders for assignments with a due time"
        value={defaults}
        onChange={(next) => void saveDefaults(next)}
      />

      {blocker ? (
        <p className="reminders__hint" role="note">
          {PUSH_FALLBACK[blocker]}
        </p>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void remindHere()}>
          Remind me on this device
        </button>
      )}

      {devices && devices.length > 0 && (
        <ul className="reminders__devices" aria-label="Devices that get reminders">
          {devices.map((d) => (
            <li key={d.id}>
              <span>{d.device_name}</span>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => void test(d.id)}
              >
                Send a test reminder
              </button>
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Remove ${d.device_name}`}
                onClick={() => void remove(d.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}

      <h4>Add to your calendar app</h4>
      <p className="reminders__hint">
        A private link to your pending assignments, with an alarm at each reminder time. Calendar
        apps fire these alarms on every phone.
      </p>
      {feedUrl ? (
        <>
          <CopyField value={feedUrl} label="Your calendar link" />
          <ol className="reminders__steps">
            <li>
              Apple Calendar: File → New Calendar Subscription (on iPhone: Settings → Calendar →
              Accounts → Add Subscribed Calendar), then paste the link.
            </li>
            <li>Google Calendar: Other calendars → + → From URL, then paste the link.</li>
            <li>Outlook: Add calendar → Subscribe from web, then paste the link.</li>
          </ol>
          <button
            type="button"
            className="button button--quiet"
            onClick={() => void showFeed(true)}
          >
            Reset link
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={() => void showFeed(false)}>
          Add to your calendar app
        </button>
      )}
    </section>
  );
}
