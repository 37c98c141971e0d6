import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import {
  createAssignment,
  listAssignments,
  type NewAssignment,
} from '../../functions/src/assignments/store.ts';
import { newProfile, profileRef } from '../../functions/src/profile/profile.ts';

export const DEMO_EMAIL = 'demo@brainboard.test';
const DEMO_UID = 'demo-student';
const DEMO_NAME = 'Demo Student';

/** `YYYY-MM-DDTHH:MM:00` for the local day `days` from `now`. */
function dueIn(now: Date, days: number, hour = 17, minute = 0): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:${pad(minute)}:00`;
}

const sub = (id: string, title: string, completed = false) => ({
  id: `subtask-seed-${id}`,
  title,
  completed,
});

/** A handful of assignments across the three columns, due at every urgency. */
function demoAssignments(now: Date): NewAssignment[] {
  return [
    {
      title: 'Lab report: plant growth experiment',
      description: 'Write up the results of the two-week bean sprout experiment.',
      due_date: dueIn(now, -2, 9, 0),
      status: 'in progress',
      subtasks: [
        sub('lab-1', 'Collect the measurements table', true),
        sub('lab-2', 'Draw the growth chart'),
        sub('lab-3', 'Write the conclusion'),
      ],
      notes: [{ id: 'note-seed-lab-1', text: 'Ms. Rivera said graphs can be hand-drawn.' }],
    },
    {
      title: 'Read chapter 4 of the history book',
      description: 'The causes of the First World War, pages 88-112.',
      due_date: dueIn(now, 0, 20, 0),
      status: 'new',
      subtasks: [sub('read-1', 'Skim the headings first'), sub('read-2', 'Read pages 88-100')],
    },
    {
      title: 'Math worksheet 7',
      description: 'Quadratic equations, problems 1-20.',
      due_date: dueIn(now, 1, 8, 30),
      status: 'new',
    },
    {
      title: 'Spanish vocabulary quiz',
      description: 'Unit 5: food and restaurants.',
      due_date: dueIn(now, 5, 10, 15),
      status: 'in progress',
      subtasks: [sub('es-1', 'Make flashcards'), sub('es-2', 'Practice with a friend')],
      notes: [{ id: 'note-seed-es-1', text: 'Quizlet set: "Unidad 5".' }],
    },
    {
      title: 'English essay draft',
      description: 'Five paragraphs on a book of your choice.',
      // A legacy date-only value: migrated to T08:00:00 when the list loads.
      due_date: dueIn(now, 21).slice(0, 10),
      status: 'new',
    },
    {
      title: 'Sign up for the science fair',
      description: '',
      due_date: dueIn(now, -6, 12, 0),
      status: 'done',
      subtasks: [sub('fair-1', 'Pick a partner', true), sub('fair-2', 'Submit the form', true)],
    },
  ];
}

/**
 * Creates the demo account (a Google account in the Auth emulator, so it is
 * listed in the emulator's account chooser) with consent given and sample
 * assignments. Safe to run again: it only fills in what is missing.
 */
export async function seedDemo(auth: Auth, db: Firestore, now = new Date()): Promise<void> {
  const existing = await auth.getUser(DEMO_UID).catch(() => null);
  if (!existing) {
    const result = await auth.importUsers([
      {
        uid: DEMO_UID,
        email: DEMO_EMAIL,
        emailVerified: true,
        displayName: DEMO_NAME,
        providerData: [
          {
            uid: 'demo-google-account',
            providerId: 'google.com',
            email: DEMO_EMAIL,
            displayName: DEMO_NAME,
          },
        ],
      },
    ]);
    if (result.failureCount > 0) {
      throw new Error(`Could not create the demo account: ${result.errors[0]?.error.message}`);
    }
  }

  const profile = profileRef(db, DEMO_UID);
  if (!(await profile.get()).exists) {
    const accepted = now.toISOString();
    await profile.set({
      ...newProfile({ uid: DEMO_UID, email: DEMO_EMAIL, name: DEMO_NAME }, now),
      privacy_accepted_at: accepted,
      tos_accepted_at: accepted,
    });
  }

  if ((await listAssignments(db, DEMO_UID)).length === 0) {
    const items = demoAssignments(now);
    for (const [i, item] of items.entries()) {
      await createAssignment(db, DEMO_UID, { ...item, rank: i }, now);
    }
  }
}
