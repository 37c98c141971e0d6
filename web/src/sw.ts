/// <reference lib="webworker" />
/**
 * The one service worker (Workbox, built by vite-plugin-pwa with injectManifest): precaches
 * the app shell, never caches /api, and shows reminders pushed by the server with their three
 * buttons. The buttons act through the API with the signed token each reminder carries (the
 * worker has no sign-in); Start focus opens the dashboard in Focus Mode on the assignment.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { BodyOf, ReminderMessage } from '@brainboard/domain';
import { parseReminder } from './reminders/pushMessage.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

// A new build installs and waits: the page asks the student, and only their Refresh
// (Workbox's SKIP_WAITING message) lets it take over. The first install controls at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// The app is one page: navigations get the precached shell, except the API and the feed.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }),
);

self.addEventListener('push', (event) => {
  const message = parseReminder(event.data?.text() ?? '');
  if (!message) return;
  const actions = message.assignment_id
    ? [
        { action: 'focus', title: 'Start focus' },
        { action: 'snooze', title: 'Snooze 10 min' },
        { action: 'done', title: 'Done' },
      ]
    : [];
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: message,
      actions,
    } as NotificationOptions),
  );
});

async function act(message: ReminderMessage, action: 'snooze' | 'done'): Promise<void> {
  const token = message.tokens[action];
  if (!token) return;
  await fetch(message.action_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token } satisfies BodyOf<'POST /api/reminders/action'>),
    credentials: 'omit',
  });
}

async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if (new URL(client.url).origin === self.location.origin) {
      // An open Brainboard page goes to the assignment; bringing it to the front may be refused.
      await client.navigate(target);
      await client.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  const message = parseReminder(JSON.stringify(event.notification.data ?? null));
  event.notification.close();
  if (!message) return;
  if (event.action === 'snooze' || event.action === 'done') {
    event.waitUntil(act(message, event.action));
    return;
  }
  event.waitUntil(openApp(message.url));
});
