import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The Cloud Tasks emulator keeps the promises of Cloud Tasks the feed sync relies on
 * (docs/decisions/0018-feeds-on-cloud-tasks.md): a task is not dispatched before its
 * scheduleTime (patches/firebase-tools+15.34.2.patch; unpatched, it dispatches at once), and
 * a task name is taken once.
 */

interface EmulatedTask {
  task: { name: string };
}
interface TaskQueue {
  enqueue(task: Record<string, unknown>): void;
  delete(name: string): void;
  isActive(): boolean;
  setTokens(n: number): void;
  dispatchTasks(): void;
  getDispatch(): (EmulatedTask | null)[];
  getStatistics(): { numberOfTasks: number };
}
const require = createRequire(import.meta.url);
const { TaskQueue } = require('firebase-tools/lib/emulator/taskQueue.js') as {
  TaskQueue: new (key: string, config: Record<string, unknown>) => TaskQueue;
};

const queue = () =>
  new TaskQueue('queue:demo-brainboard-us-central1-feedSync', {
    retryConfig: {
      maxAttempts: 5,
      maxRetrySeconds: null,
      maxBackoffSeconds: 300,
      maxDoublings: 4,
      minBackoffSeconds: 10,
    },
    rateLimits: { maxConcurrentDispatches: 10, maxDispatchesPerSecond: 5 },
    timeoutSeconds: 10,
    retry: false,
    defaultUri: 'http://127.0.0.1:5001/demo-brainboard/us-central1/feedSync',
  });

const task = (id: string, scheduleTime?: Date) => ({
  name: `projects/demo-brainboard/locations/us-central1/queues/feedSync/tasks/${id}`,
  httpRequest: { url: '', body: { data: { id } }, headers: {} },
  ...(scheduleTime ? { scheduleTime: scheduleTime.toISOString() } : {}),
});

/** Names of the tasks the queue dispatches now (with tokens to spare). */
function dispatchNow(q: TaskQueue): string[] {
  q.setTokens(10);
  if (!q.isActive()) return [];
  q.dispatchTasks();
  return q
    .getDispatch()
    .filter((d): d is EmulatedTask => d !== null)
    .map((d) => d.task.name.split('/').pop() as string);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the Cloud Tasks emulator', () => {
  it('dispatches a task at its scheduleTime, not before; one without it at once', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T09:00:00.000Z'), toFake: ['Date'] });
    const q = queue();
    q.enqueue(task('later', new Date('2026-11-25T09:20:00.000Z')));
    q.enqueue(task('soon', new Date('2026-11-25T09:10:00.000Z')));
    expect(q.isActive()).toBe(false);
    expect(q.getStatistics().numberOfTasks).toBe(2);
    q.enqueue(task('now'));
    expect(dispatchNow(q)).toEqual(['now']);
    vi.setSystemTime(new Date('2026-11-25T09:09:59.999Z'));
    expect(dispatchNow(q)).toEqual(['now']);
    vi.setSystemTime(new Date('2026-11-25T09:10:00.000Z'));
    expect(dispatchNow(q).sort()).toEqual(['now', 'soon']);
    vi.setSystemTime(new Date('2026-11-25T09:20:00.000Z'));
    expect(dispatchNow(q).sort()).toEqual(['later', 'now', 'soon']);
  });

  it('takes a task name once, also while it waits for its time; a waiting task can be deleted', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T09:00:00.000Z'), toFake: ['Date'] });
    const q = queue();
    q.enqueue(task('feed-1', new Date('2026-11-25T09:20:00.000Z')));
    expect(() => q.enqueue(task('feed-1', new Date('2026-11-25T09:20:00.000Z')))).toThrow();
    expect(() => q.enqueue(task('feed-1'))).toThrow();
    q.delete('projects/demo-brainboard/locations/us-central1/queues/feedSync/tasks/feed-1');
    expect(q.getStatistics().numberOfTasks).toBe(0);
    vi.setSystemTime(new Date('2026-11-25T09:30:00.000Z'));
    expect(dispatchNow(q)).toEqual([]);
  });
});

describe('the Cloud Tasks emulator while a queue has work', () => {
  it('looks at its queues a few times a second, not in a loop that keeps a core busy', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval'] });
    const { TaskQueueController } = require('firebase-tools/lib/emulator/tasksEmulator.js') as {
      TaskQueueController: new () => {
        queues: Record<string, TaskQueue & { processDispatch(): void }>;
        createQueue(key: string, config: Record<string, unknown>): void;
        start(): void;
        stop(): void;
      };
    };
    const controller = new TaskQueueController();
    controller.createQueue('queue:busy', {
      retryConfig: {},
      rateLimits: { maxConcurrentDispatches: 1, maxDispatchesPerSecond: 1 },
    });
    const busy = controller.queues['queue:busy']!;
    // A queue with a task waiting out its backoff: active, nothing to do yet.
    vi.spyOn(busy, 'isActive').mockReturnValue(true);
    vi.spyOn(busy, 'dispatchTasks').mockImplementation(() => {});
    const looks = vi.spyOn(busy, 'processDispatch').mockImplementation(() => {});
    controller.start();
    vi.advanceTimersByTime(1000);
    controller.stop();
    expect(looks.mock.calls.length).toBeGreaterThan(0);
    expect(looks.mock.calls.length).toBeLessThanOrEqual(20);
  });
});
