import {
  AI_CONSENT_PROMPT,
  AI_FILE_CONSENT_PROMPT,
  DEEP_DIVE_CONSENT_PROMPT,
} from '@brainboard/domain';
import { useCallback } from 'react';
import { ApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';
import { askToConfirm, showAlert } from '../ui/notify.ts';
import { enableAiOptIn, type AiOptIn } from './aiApi.ts';

/** The AI features that ask for consent. Help and suggestions share AI Help's opt-in. */
export type AiFeature = 'help' | 'suggest' | 'deepDive';

const optInFor = (feature: AiFeature): AiOptIn =>
  feature === 'deepDive' ? 'ai_deep_dive_enabled' : 'ai_help_enabled';

/** The consent question for a feature, with its variants for files and deep dive. */
function consentPrompt(feature: AiFeature, withFile: boolean): string {
  if (feature === 'deepDive') return DEEP_DIVE_CONSENT_PROMPT;
  return withFile ? AI_FILE_CONSENT_PROMPT : AI_CONSENT_PROMPT;
}

/** (ours) When the opt-in could not be saved. */
const consentSaveFailed = (detail: string) => `Could not turn on the AI feature: ${detail}`;

/**
 * Returns `ensureConsent(feature, { withFile })`: true when the user has
 * opted in, or agrees now (the opt-in is then saved with PATCH /api/user and
 * merged into the session); false when they decline.
 */
export function useAiConsent() {
  const { user, mergeUser } = useSession();
  return useCallback(
    async (feature: AiFeature, opts: { withFile?: boolean } = {}): Promise<boolean> => {
      if (!user) return false;
      const field = optInFor(feature);
      if (user[field] === true) return true;
      if (!(await askToConfirm(consentPrompt(feature, opts.withFile === true)))) return false;
      try {
        mergeUser(await enableAiOptIn(api, user.id, field));
        return true;
      } catch (err) {
        const detail =
          err instanceof ApiError ? (err.serverError ?? err.message) : (err as Error)?.message;
        await showAlert(consentSaveFailed(detail || 'Please try again.'));
        return false;
      }
    },
    [user, mergeUser],
  );
}
