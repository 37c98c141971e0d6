import type { IconName } from '../ui/icons.tsx';

/** The icon for a release note, from the emoji the notes are written with. */
export function iconForEmoji(emoji: string): IconName {
  const byEmoji: Record<string, IconName> = {
    '📋': 'board',
    '🔍': 'search',
    '💬': 'chat',
    '✨': 'sparkles',
    '🎯': 'target',
    '⏰': 'clock',
  };
  return byEmoji[emoji] ?? 'star';
}
