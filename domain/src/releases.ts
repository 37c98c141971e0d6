/**
 * The release history What's New lists (docs/product.md), oldest first. 0.1.0 and 0.2.0 are the
 * specification's, as written; later releases are recorded in docs/product.md, Where Brainboard
 * departs from the specification. Its own module, so only the What's New code carries the texts
 * (not the board's first paint, which needs the other constants).
 */
import type { ReleaseNote } from './types.ts';

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    version: '0.1.0',
    features: [
      {
        title: 'Kanban',
        description: 'Track your assignments on a board with New, In progress and Done columns.',
        icon: '📋',
      },
      {
        title: 'AI Deep Dive',
        description: 'Eight AI tools that help you explore an assignment from new angles.',
        icon: '🔍',
      },
      {
        title: 'AI Chat',
        description:
          'Chat with an AI helper about your assignment, with replies as they stream in.',
        icon: '💬',
      },
      {
        title: 'AI Subtask Suggestions',
        description: 'Let AI break an assignment into small subtasks you can review and approve.',
        icon: '✨',
      },
    ],
  },
  {
    version: '0.2.0',
    features: [
      {
        title: 'Focus Mode',
        description:
          'A full-screen, distraction-free view of your next task with a 25-minute timer and progress gating.',
        icon: '🎯',
      },
      {
        title: 'Enhanced Due Date Timing',
        description:
          'Due dates now have hour and minute precision, so calendar events are no longer all-day.',
        icon: '⏰',
      },
    ],
  },
  {
    version: '0.3.0',
    features: [
      {
        title: 'Reminders',
        description:
          'A nudge before something is due, on this device or in your calendar app. Choose when in Settings.',
        icon: '🔔',
      },
      {
        title: 'Import from your school',
        description:
          'Bring your deadlines in from Canvas, Moodle, Blackboard or Google Classroom. They stay up to date by themselves.',
        icon: '🏫',
      },
      {
        title: 'What now?',
        description:
          'One tap picks the task to start with, its first step and why. Start opens Focus Mode on it.',
        icon: '🧭',
      },
      {
        title: 'Time estimates',
        description:
          'Guess the minutes for each step. Cards show the work left and when to start, learning from how long things really take you.',
        icon: '⏳',
      },
      {
        title: 'Reset overdue work',
        description:
          'Something slipped past its time? Move it to tonight, tomorrow or the weekend, one card or all at once. No red.',
        icon: '🔄',
      },
      {
        title: 'Repeating assignments',
        description:
          'Every week, every few days or every month: finishing one puts the next on your board.',
        icon: '🔁',
      },
      {
        title: 'Works offline',
        description:
          'No connection? Your board is still there, and what you change is kept on this device and sent when you are back online.',
        icon: '📶',
      },
    ],
  },
];
