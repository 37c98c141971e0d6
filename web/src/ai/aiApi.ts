import {
  hasVisibleCharacter,
  storedEstimate,
  type ChatMessage,
  type DeepDiveTool,
  type UserProfile,
} from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';
import { streamAi, type AiStreamEvent } from './sse.ts';

/**
 * Data access for the AI features (docs/architecture.md), named by intent. Each takes the API
 * client.
 */

/** "help" is AI Help; "idea" is the same chat in brainstorming mode (/api/ai-idea-chat). */
export type ChatMode = 'help' | 'idea';

const chatEndpoint = (mode: ChatMode) =>
  mode === 'idea' ? 'POST /api/ai-idea-chat' : 'POST /api/ai-help-chat';

export interface ChatRequest {
  mode: ChatMode;
  prompt: string;
  fileId?: string | undefined;
  assignmentId?: string | undefined;
  /** Earlier turns, oldest first (system messages are never sent). */
  history: ChatMessage[];
}

export function streamChat(
  api: Pick<ApiClient, 'stream'>,
  request: ChatRequest,
  signal?: AbortSignal,
): AsyncGenerator<AiStreamEvent> {
  return streamAi(
    api,
    chatEndpoint(request.mode),
    {
      prompt: request.prompt,
      ...(request.fileId ? { file_id: request.fileId } : {}),
      ...(request.assignmentId ? { assignment_id: request.assignmentId } : {}),
      messages: request.history
        .filter((m) => m.role !== 'system')
        .map(({ role, content }) => ({ role, content })),
    },
    signal,
  );
}

/** GET /api/ai-help-load: the saved chat of an assignment. */
export async function loadChat(
  api: Pick<ApiClient, 'get'>,
  assignmentId: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const res = await callEndpoint(api, 'GET /api/ai-help-load', {}, undefined, {
    query: { assignment_id: assignmentId },
    signal,
  });
  return (res?.ai_help ?? []).filter((m) => m.role !== 'system');
}

/** POST /api/ai-help-save with the non-system messages (docs/architecture.md). */
export async function saveChat(
  api: Pick<ApiClient, 'post'>,
  assignmentId: string,
  messages: ChatMessage[],
): Promise<void> {
  await callEndpoint(
    api,
    'POST /api/ai-help-save',
    {},
    {
      assignment_id: assignmentId,
      messages: messages
        .filter((m) => m.role !== 'system')
        .map(({ role, content }) => ({ role, content })),
    },
  );
}

/** One suggested step: its title and, when the AI gave one, its estimate in minutes. */
export interface SuggestedStep {
  title: string;
  estimate_minutes?: number;
}

/** POST /api/ai-suggest-subtasks: the suggested steps, blanks dropped. */
export async function suggestSubtasks(
  api: Pick<ApiClient, 'post'>,
  prompt: string,
  fileId?: string,
): Promise<SuggestedStep[]> {
  const res = await callEndpoint(
    api,
    'POST /api/ai-suggest-subtasks',
    {},
    { prompt, ...(fileId ? { file_id: fileId } : {}) },
  );
  return (res?.subtasks ?? []).flatMap((step): SuggestedStep[] => {
    const title = step.title.trim();
    if (!hasVisibleCharacter(title)) return [];
    const minutes = storedEstimate(step.estimate_minutes);
    return [minutes === null ? { title } : { title, estimate_minutes: minutes }];
  });
}

/** POST /api/ai-deep-dive: one tool's text, which the server also stores. */
export async function generateDeepDive(
  api: Pick<ApiClient, 'post'>,
  request: { assignmentId: string; prompt: string; feature: DeepDiveTool; fileId?: string },
  signal?: AbortSignal,
): Promise<string> {
  const res = await callEndpoint(
    api,
    'POST /api/ai-deep-dive',
    {},
    {
      ...(request.fileId ? { file_id: request.fileId } : {}),
      assignment_id: request.assignmentId,
      prompt: request.prompt,
      feature: request.feature,
    },
    { signal },
  );
  if (typeof res?.deep_dive !== 'string') throw new Error('The server sent no deep dive text.');
  return res.deep_dive;
}

/** GET /api/assignment/{id}: the tools already generated (item.deep_dive). */
export async function fetchDeepDive(
  api: Pick<ApiClient, 'get'>,
  assignmentId: string,
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const res = await callEndpoint(api, 'GET /api/assignment/:id', { id: assignmentId }, undefined, {
    signal,
  });
  return res?.item?.deep_dive ?? {};
}

export type AiOptIn = 'ai_help_enabled' | 'ai_deep_dive_enabled';

/** PATCH /api/user/{id}: turns an AI opt-in on; answers the fields to merge into the user. */
export async function enableAiOptIn(
  api: Pick<ApiClient, 'patch'>,
  userId: string,
  field: AiOptIn,
): Promise<Partial<UserProfile>> {
  const res = await callEndpoint(api, 'PATCH /api/user/:id', { id: userId }, { [field]: true });
  return res?.updated && typeof res.updated === 'object' ? res.updated : { [field]: true };
}
