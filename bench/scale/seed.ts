/**
 * Seeds the students of bench/scale.ts through the code the API stores with: a profile as the
 * first session makes it (with the student's time zone), one push device (saveSubscription),
 * 30 assignments (createAssignment, which also writes whatever schedule an assignment keeps).
 *
 * The lite Firestore runs one read-write transaction at a time, across all documents (as if
 * every document shared one lock), so creating 300,000 assignments one transaction each takes
 * over an hour on a shared 2-core machine, whatever the parallelism. So by default
 * (`clone`) a few template students per time zone are made through the API's code, and every
 * other student is a copy of one of them: each document that names the template (in its path
 * or its fields) is written again with the student's id in place of the template's, in
 * parallel batches. Whatever a later version of createAssignment writes beside the assignment
 * (anywhere, as long as it names the student) is copied the same way. The push device and the
 * reminders that fall due in the bench's minutes are made for each student through the API's
 * code itself. `api` makes every student through the API's code, for small runs and to check
 * that both ways measure the same.
 */
import { randomBytes, createECDH } from 'node:crypto';
import { nextFiring, reminderPlan, wallClockIn } from '@brainboard/domain';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { createAssignment, type NewAssignment } from '../../functions/src/assignments/store.ts';
import { saveSubscription } from '../../functions/src/push/subscriptions.ts';
import { newProfile, profileRef } from '../../functions/src/profile/profile.ts';

/** Students' time zones: at least six, across the date line and both hemispheres. */
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
];
/** Template students per time zone (each with its own assignment mix). */
const VARIANTS = 2;
const ASSIGNMENTS_PER_STUDENT = 30;
/** Batches of the copy in flight at once. */
const IN_FLIGHT = 16;
/**
 * Transactions in flight at once. More gains nothing: the lite Firestore runs one transaction
 * at a time, so a longer queue only brings each one nearer the API's own 5 s deadline.
 */
const TRANSACTIONS_IN_FLIGHT = 4;
/** Writes per batch when copying. */
const BATCH_WRITES = 100;

export type SeedMode = 'clone' | 'api';

export interface SeedPlan {
  students: number;
  /** The reminders that fire in the bench's minutes: one each for `due` students. */
  due: number;
  /** Minute 0 of the bench (a whole minute). */
  start: Date;
  /** The push stand-in's base URL (devices are `<base>push/<uid>`). */
  pushBase: string;
  mode: SeedMode;
  log: (line: string) => void;
}

interface DueReminder {
  uid: string;
  assignmentId: string;
  endpoint: string;
  /** When it fires (minute 0, 1 or 2 of the bench). */
  fireAt: Date;
}

export interface Seeded {
  uids: string[];
  due: DueReminder[];
  seconds: number;
}

const studentId = (i: number) => `scale-${String(i).padStart(7, '0')}`;
const templateId = (zone: number, variant: number) => `scaletemplate-z${zone}v${variant}x`;
const zoneOf = (i: number) => i % ZONES.length;
const variantOf = (i: number) => Math.floor(i / ZONES.length) % VARIANTS;

const STATUSES = ['new', 'in progress', 'done'] as const;
const REMINDER_LISTS: (number[] | null)[] = [null, [30], [0, 120], [2880], null];

/**
 * The student's ordinary assignments (none of which reminds during the bench's minutes):
 * spread over three columns, a fifth without a due date, due 1 to 33 days after minute 0
 * at varied times, with the defaults or their own reminder lists. With `dueSlot`, the last
 * one is left out (the due reminder takes its place).
 */
function ordinaryAssignments(variant: number, zone: string, start: Date, skipLast: boolean) {
  const out: NewAssignment[] = [];
  const count = ASSIGNMENTS_PER_STUDENT - (skipLast ? 1 : 0);
  for (let j = 0; j < count; j++) {
    const k = j + variant * 7;
    // At least 3 days out, and no reminder is more than 2 days before: none fires near minute 0.
    const due = new Date(
      start.getTime() + ((k % 30) + 3) * 86_400_000 + ((k * 7) % 12) * 3_600_000 + 17 * 60_000,
    );
    out.push({
      title: `Assignment ${j + 1}: read, summarise and review chapter ${(k % 12) + 1}`,
      description: j % 3 === 0 ? 'Take notes on the key ideas and write three questions.' : '',
      due_date: j % 5 === 4 ? '' : wallClockIn(due, zone),
      status: STATUSES[k % 3],
      reminders: REMINDER_LISTS[k % REMINDER_LISTS.length] ?? null,
    });
  }
  return out;
}

/** Fails when an ordinary assignment would remind in the bench's window (a seeding mistake). */
function checkQuiet(items: NewAssignment[], zone: string, start: Date): void {
  const from = new Date(start.getTime() - 60 * 60_000);
  const to = new Date(start.getTime() + 60 * 60_000);
  for (const a of items) {
    const due = { due_date: a.due_date ?? '', status: a.status ?? 'new', reminders: a.reminders };
    const plan = reminderPlan(due, null, zone, null, from);
    const firing = plan && nextFiring(plan, from);
    if (firing && firing.at.getTime() <= to.getTime()) {
      throw new Error(`Seeding: "${a.title}" would remind during the bench's minutes`);
    }
  }
}

async function inParallel(
  count: number,
  work: (i: number) => Promise<void>,
  width = TRANSACTIONS_IN_FLIGHT,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * A profile as the first session makes it, with a time zone and consent given. Set rather than
 * created, so that writing it again (a retry after a write that landed late) changes nothing.
 */
async function createProfile(db: Firestore, uid: string, zone: string, now: Date) {
  await profileRef(db, uid).set({
    ...newProfile({ uid, email: `${uid}@school.example` }, now),
    time_zone: zone,
    privacy_accepted_at: now.toISOString(),
    tos_accepted_at: now.toISOString(),
  });
}

/** One device key pair for every student: the stand-in accepts any, nothing is decrypted. */
const deviceKeys = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
})();

const endpointOf = (pushBase: string, uid: string) => `${pushBase}push/${uid}`;

async function addDevice(db: Firestore, uid: string, pushBase: string, now: Date) {
  const id = await saveSubscription(
    db,
    uid,
    { endpoint: endpointOf(pushBase, uid), keys: deviceKeys, device_name: 'Laptop' },
    now,
  );
  if (!id) throw new Error(`Seeding: the device of ${uid} was refused`);
}

/**
 * A student made wholly through the API's code: profile, assignments (not the device). Each
 * step is tried again when it fails (a busy machine), the assignments with ids of their own, as
 * the web app sends them, so a create that landed late and is sent again writes nothing.
 */
async function seedThroughApi(
  db: Firestore,
  uid: string,
  zone: number,
  variant: number,
  plan: SeedPlan,
  skipLast: boolean,
) {
  const now = new Date();
  const zoneName = ZONES[zone] as string;
  await withRetries(() => createProfile(db, uid, zoneName, now));
  const items = ordinaryAssignments(variant, zoneName, plan.start, skipLast);
  checkQuiet(items, zoneName, plan.start);
  for (const [j, item] of items.entries()) {
    await withRetries(() => createAssignment(db, uid, { ...item, id: `seeded-${j}` }, now));
  }
}

/**
 * Every document of the database with its data (the templates are all there is), level by
 * level, IN_FLIGHT lookups at a time (thousands at once pass the 5 s deadline on a busy machine).
 */
async function allDocuments(db: Firestore): Promise<{ path: string; data: DocumentData }[]> {
  const out: { path: string; data: DocumentData }[] = [];
  let refs: DocumentReference[] = [];
  for (const col of await withRetries(() => db.listCollections())) {
    refs.push(...(await withRetries(() => col.listDocuments())));
  }
  while (refs.length > 0) {
    const level = refs;
    const next: DocumentReference[] = [];
    await inParallel(
      level.length,
      async (i) => {
        const ref = level[i] as DocumentReference;
        const [snap, cols] = await withRetries(() =>
          Promise.all([ref.get(), ref.listCollections()]),
        );
        if (snap.exists) out.push({ path: ref.path, data: snap.data() as DocumentData });
        for (const col of cols) next.push(...(await withRetries(() => col.listDocuments())));
      },
      IN_FLIGHT,
    );
    refs = next;
  }
  return out;
}

/**
 * Runs a seeding step again when it fails: on a busy machine a batch or a transaction can pass
 * the API's own Firestore deadline. Every step is one that changes nothing when it is run again
 * after landing late (sets, and creates with their own ids).
 */
async function withRetries<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await step();
    } catch (err) {
      if (i >= attempts) throw err;
      // A busy machine: the lite Firestore answers past the 5 s deadline; give it a moment.
      await new Promise((resolve) => setTimeout(resolve, 1000 * i));
    }
  }
}

/** `value` with every occurrence of `from` in its strings (keys too) replaced by `to`. */
function renamed(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replaceAll(from, to);
  if (Array.isArray(value)) return value.map((v) => renamed(v, from, to));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replaceAll(from, to), renamed(v, from, to)]),
    );
  }
  // Timestamps, references, bytes and the like: as they are.
  return value;
}

/** Every document that names the template, by path or in its fields. */
function documentsOf(all: { path: string; data: DocumentData }[], template: string) {
  return all.filter((d) => d.path.includes(template) || JSON.stringify(d.data).includes(template));
}

/** Writes the template's documents again for each of `uids`, in parallel batches. */
async function copyTemplate(
  db: Firestore,
  docs: { path: string; data: DocumentData }[],
  template: string,
  uids: string[],
): Promise<void> {
  const stray = docs.filter((d) => !d.path.includes(template));
  if (stray.length > 0) {
    throw new Error(
      `Seeding by copy cannot tell whose ${stray[0]?.path} is (its path names no student); ` +
        'seed with --seed api.',
    );
  }
  const writes = uids.flatMap((uid) =>
    docs.map((d) => ({
      path: d.path.replaceAll(template, uid),
      data: renamed(d.data, template, uid) as DocumentData,
    })),
  );
  await inParallel(
    Math.ceil(writes.length / BATCH_WRITES),
    (b) =>
      withRetries(async () => {
        const batch = db.batch();
        for (const w of writes.slice(b * BATCH_WRITES, (b + 1) * BATCH_WRITES)) {
          batch.set(db.doc(w.path), w.data);
        }
        await batch.commit();
      }),
    IN_FLIGHT,
  );
}

/**
 * Seeds `plan.students` students and the reminders due in the bench's minutes: `plan.due`
 * students, spread evenly over all, each get one assignment (through createAssignment) whose one reminder
 * fires at the start of minute 0, 1 or 2 (in turn), in place of their 30th.
 */
export async function seedStudents(db: Firestore, plan: SeedPlan): Promise<Seeded> {
  const started = Date.now();
  const uids = Array.from({ length: plan.students }, (_, i) => studentId(i));
  // The students with a due reminder are spread evenly over the others (the last one is the
  // last student), so a dispatcher that goes through the students in order meets them late too.
  const dueStudent = (k: number) => Math.floor(((k + 1) * plan.students) / plan.due) - 1;
  const dueSet = new Set(Array.from({ length: plan.due }, (_, k) => dueStudent(k)));
  const isDue = (i: number) => dueSet.has(i);

  if (plan.mode === 'api') {
    await inParallel(plan.students, (i) =>
      seedThroughApi(db, studentId(i), zoneOf(i), variantOf(i), plan, isDue(i)),
    );
  } else {
    // Two templates per zone and variant: with 30 ordinary assignments, and with 29 (for
    // the students whose 30th is a due reminder).
    const templates: { id: string; zone: number; variant: number; skipLast: boolean }[] = [];
    for (let zone = 0; zone < ZONES.length; zone++) {
      for (let variant = 0; variant < VARIANTS; variant++) {
        for (const skipLast of [false, true]) {
          templates.push({
            id: `${templateId(zone, variant)}${skipLast ? 'd' : 'o'}`,
            zone,
            variant,
            skipLast,
          });
        }
      }
    }
    await inParallel(templates.length, (t) => {
      const tpl = templates[t]!;
      return seedThroughApi(db, tpl.id, tpl.zone, tpl.variant, plan, tpl.skipLast);
    });
    plan.log(
      `  templates made through the API's code in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const all = await allDocuments(db);
    for (const tpl of templates) {
      const mine = uids.filter(
        (_, i) =>
          zoneOf(i) === tpl.zone && variantOf(i) === tpl.variant && isDue(i) === tpl.skipLast,
      );
      await copyTemplate(db, documentsOf(all, tpl.id), tpl.id, mine);
    }
    // The templates themselves leave: they are no students.
    const own = templates.flatMap((tpl) => documentsOf(all, tpl.id));
    await inParallel(
      Math.ceil(own.length / BATCH_WRITES),
      (b) =>
        withRetries(async () => {
          const batch = db.batch();
          for (const d of own.slice(b * BATCH_WRITES, (b + 1) * BATCH_WRITES)) {
            batch.delete(db.doc(d.path));
          }
          await batch.commit();
        }),
      IN_FLIGHT,
    );
    plan.log(
      `  ${plan.students} students copied from ${templates.length} templates in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const now = new Date();
  // Saving a device again is harmless (its id comes from its endpoint).
  await inParallel(plan.students, (i) =>
    withRetries(() => addDevice(db, studentId(i), plan.pushBase, now)),
  );
  plan.log(`  devices saved in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const due: DueReminder[] = [];
  await inParallel(plan.due, async (k) => {
    const i = dueStudent(k);
    const uid = studentId(i);
    const zone = ZONES[zoneOf(i)] as string;
    const fireAt = new Date(plan.start.getTime() + (k % 3) * 60_000);
    let id = '';
    // With the client's own id, as the web app sends it: a create sent again writes nothing.
    await withRetries(async () => {
      const { item } = await createAssignment(
        db,
        uid,
        {
          id: `due-reminder-${i}`,
          title: `Lab report ${i + 1}`,
          due_date: wallClockIn(new Date(fireAt.getTime() + 60 * 60_000), zone),
          status: 'in progress',
          reminders: [60],
        },
        now,
      );
      id = item.id;
    });
    due.push({ uid, assignmentId: id, endpoint: endpointOf(plan.pushBase, uid), fireAt });
  });
  return { uids, due, seconds: (Date.now() - started) / 1000 };
}
