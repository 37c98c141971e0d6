import { callEndpoint } from '../data/api/call.ts';
import { api } from '../data/api.ts';

/** Calendar feeds from the student's school (the /api/lms-feeds endpoints of the contract). */

export const previewFeed = (url: string) =>
  callEndpoint(api, 'POST /api/lms-feeds/preview', {}, { url });
export const importFeed = (url: string) => callEndpoint(api, 'POST /api/lms-feeds', {}, { url });
export const listFeeds = async () => (await callEndpoint(api, 'GET /api/lms-feeds', {})).feeds;
export const syncFeedNow = (id: string) =>
  callEndpoint(api, 'POST /api/lms-feeds/:id/sync', { id });
export const removeFeed = (id: string) => callEndpoint(api, 'DELETE /api/lms-feeds/:id', { id });
