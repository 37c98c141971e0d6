import { describe, expect, it } from 'vitest';
import { studentApi } from '../../support/api.ts';
import { createTestUser } from '../../support/auth.ts';
import { testDevice } from '../../support/push.ts';

const MAX_DEVICES = 10;
const ROUNDS = 50;
const AT_ONCE = 6;
const CAP_REACHED = `You can have at most ${MAX_DEVICES} devices. Remove one first.`;

describe('the push device cap under concurrent subscribes', () => {
  it(`holds at ${MAX_DEVICES} over ${ROUNDS} rounds of ${AT_ONCE} subscribes at once`, async () => {
    const user = await createTestUser('device-cap');
    const { as } = await studentApi(user.idToken);
    const subscribe = (name: string) => {
      const device = testDevice();
      return as('POST', '/api/push/subscriptions', {
        subscription: { endpoint: device.endpoint, keys: device.keys },
        device_name: name,
      });
    };
    for (let i = 0; i < MAX_DEVICES - 1; i++) {
      expect((await subscribe(`Laptop ${i}`)).status).toBe(201);
    }

    const counts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Nine devices; six more at once: exactly one fits.
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, (_, i) => subscribe(`Phone ${round}.${i}`)),
      );
      const devices = (await as('GET', '/api/push/subscriptions')).body as unknown as {
        id: string;
        device_name: string;
      }[];
      counts.push(devices.length);
      const added = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status !== 201);
      expect(devices.length, `round ${round}`).toBeLessThanOrEqual(MAX_DEVICES);
      expect(added.length, `round ${round}`).toBe(1);
      for (const r of refused) {
        expect(r.status, r.text).toBe(400);
        expect(r.body.error).toBe(CAP_REACHED);
      }
      // Back to nine: remove what this round added.
      for (const d of devices.filter((x) => x.device_name.startsWith('Phone '))) {
        expect((await as('DELETE', `/api/push/subscriptions/${d.id}`)).status).toBe(200);
      }
    }
    console.log(`[device cap] devices after each round: max ${Math.max(...counts)}`);
  });
});
