import { api } from '../firebase/api.ts';

/** Calendar feeds from the student's school (the /api/lms-feeds contract). */

export interface FeedPreview {
  source: string;
  label: string;
  items: { uid: string; title: string; course: string; due_date: string }[];
}

interface SyncCounts {
  added: number;
  updated: number;
  unchanged: number;
  gone: number;
}

export interface Feed {
  id: string;
  source: string;
  label: string;
  url_masked: string;
  last_synced_at: string | null;
  counts: SyncCounts;
  changes: string[];
  last_error: string | null;
}

export const previewFeed = (url: string) =>
  api.post<FeedPreview>('/api/lms-feeds/preview', { url });
export const importFeed = (url: string) => api.post<Feed>('/api/lms-feeds', { url });
export const listFeeds = async () => (await api.get<{ feeds: Feed[] }>('/api/lms-feeds')).feeds;
export const syncFeedNow = (id: string) => api.post<Feed>(`/api/lms-feeds/${id}/sync`);
export const removeFeed = (id: string) => api.delete(`/api/lms-feeds/${id}`);
