import type { PlanSessionAnswer } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';

/** The plan's endpoints (the /api/plan part of the contract). */

export const previewPlan = (from: string, days: number) =>
  callEndpoint(api, 'POST /api/plan/preview', {}, { from, days });
export const readPlan = () => callEndpoint(api, 'GET /api/plan', {});
/** Saves the whole plan: each session's own fields (whether it was started is the server's). */
export const savePlan = (sessions: PlanSessionAnswer[], version: number) =>
  callEndpoint(
    api,
    'PUT /api/plan',
    {},
    {
      sessions: sessions.map(({ id, assignment_id, start, end, by_hand }) => ({
        id,
        assignment_id,
        start,
        end,
        by_hand,
      })),
      version,
    },
  );
export const addPlanToCalendar = () => callEndpoint(api, 'POST /api/plan/calendar', {}, {});
