import { Icon, LineIcon, type IconName } from '../ui/icons.tsx';

/**
 * Icons only What's New and the welcome draw, kept here so they load with them (not with the
 * board): on the 24-unit grid of ui/icons.tsx.
 */
const DRAWN_HERE = {
  bell: ['M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15z', 'M10 20.5a2 2 0 0 0 4 0'],
  school: [
    'M2.5 9 12 4.5 21.5 9 12 13.5z',
    'M6.5 11v4.5c0 1.5 2.5 3 5.5 3s5.5-1.5 5.5-3V11',
    'M21.5 9v5',
  ],
  compass: ['M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M15.5 8.5l-2 5-5 2 2-5z'],
  hourglass: ['M7 4h10M7 20h10', 'M8 4c0 5 8 5 8 8s-8 3-8 8', 'M16 4c0 5-8 5-8 8s8 3 8 8'],
  reset: ['M4.5 12a7.5 7.5 0 1 0 2.2-5.3', 'M4.5 4v4h4'],
  repeat: [
    'M17 3.5l3 3-3 3',
    'M4 11.5v-1a4 4 0 0 1 4-4h12',
    'M7 20.5l-3-3 3-3',
    'M20 12.5v1a4 4 0 0 1-4 4H4',
  ],
  offline: [
    'M7 18.5h10a4 4 0 0 0 .5-8 6 6 0 0 0-11.5 1.5A3.3 3.3 0 0 0 7 18.5z',
    'M9.5 14l2 2 3.5-3.5',
  ],
} as const;

/** The icon of a release note, from the emoji the notes are written with. */
const BY_EMOJI: Record<string, IconName | DrawnHere> = {
  '📋': 'board',
  '🔍': 'search',
  '💬': 'chat',
  '✨': 'sparkles',
  '🎯': 'target',
  '⏰': 'clock',
  '🔔': 'bell',
  '🏫': 'school',
  '🧭': 'compass',
  '⏳': 'hourglass',
  '🔄': 'reset',
  '🔁': 'repeat',
  '📶': 'offline',
};

type DrawnHere = keyof typeof DRAWN_HERE;

/** One of the icons drawn here. */
export function DrawnIcon({ name, size = 22 }: { name: DrawnHere; size?: number }) {
  return <LineIcon paths={DRAWN_HERE[name]} size={size} />;
}

/** A release note's icon, drawn (never the emoji itself: no emoji font needed). */
export function FeatureIcon({ emoji, size = 22 }: { emoji: string; size?: number }) {
  const name = BY_EMOJI[emoji] ?? 'star';
  return name in DRAWN_HERE ? (
    <DrawnIcon name={name as DrawnHere} size={size} />
  ) : (
    <Icon name={name as IconName} size={size} />
  );
}
