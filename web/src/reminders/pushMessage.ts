import type { PathOf, ReminderMessage } from '@brainboard/domain';

const isString = (v: unknown): v is string => typeof v === 'string';

/** The message, or null for anything that is not one (only same-origin paths are opened). */
export function parseReminder(text: string): ReminderMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  const tokens = (m.tokens ?? {}) as Record<string, unknown>;
  if (!isString(m.title) || !isString(m.url) || !m.url.startsWith('/') || m.url.startsWith('//')) {
    return null;
  }
  const actionUrl =
    isString(m.action_url) && m.action_url.startsWith('/api/')
      ? m.action_url
      : ('/api/reminders/action' satisfies PathOf<'POST /api/reminders/action'>);
  return {
    title: m.title,
    body: isString(m.body) ? m.body : '',
    tag: isString(m.tag) ? m.tag : 'reminder',
    assignment_id: isString(m.assignment_id) ? m.assignment_id : null,
    url: m.url,
    action_url: actionUrl,
    tokens: {
      ...(isString(tokens.snooze) ? { snooze: tokens.snooze } : {}),
      ...(isString(tokens.done) ? { done: tokens.done } : {}),
      ...(isString(tokens.focus) ? { focus: tokens.focus } : {}),
    },
  };
}
