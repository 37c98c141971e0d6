/** Why this browser cannot take reminders by push, or null when it can. */
export type PushBlocker = 'unsupported' | 'denied' | null;

export function pushBlocker(win: Window = window): PushBlocker {
  const nav = win.navigator;
  if (!('serviceWorker' in nav) || !('PushManager' in win) || !('Notification' in win)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : null;
}

/** One sentence for where push is not possible, pointing to the calendar feed. */
export const PUSH_FALLBACK: Record<Exclude<PushBlocker, null>, string> = {
  unsupported:
    'This browser cannot show Brainboard reminders (on an iPhone, add Brainboard to your Home Screen first), so use "Add to your calendar app" below: its alarms work on every phone.',
  denied:
    'Notifications are blocked for Brainboard in this browser, so use "Add to your calendar app" below: its alarms work on every phone.',
};

/** "Chrome on Android", "Safari on iPhone": a name the student recognises in the list. */
export function deviceName(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : 'this device';
  return `${browser} on ${os}`;
}
