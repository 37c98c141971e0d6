import {
  AI_NO_SUBTASKS,
  AI_SUGGEST_TITLE_REQUIRED,
  AI_SUGGESTIONS_FAILED,
  hasVisibleCharacter,
} from '@brainboard/domain';
import { lazy, Suspense, useState } from 'react';
import { config } from '../config.ts';
import { api } from '../data/api.ts';
import { AI_NEEDS_CONNECTION } from '../offline/connection.ts';
import { showAlert } from '../ui/notify.ts';
import { suggestSubtasks, type SuggestedStep } from './aiApi.ts';
import { suggestionPrompt } from './context.ts';
import { toSuggestions, type Suggestion } from './text.ts';
import { useAiConsent } from './useAiConsent.ts';
import './ai.css';
import { Icon } from '../ui/icons.tsx';

// The review loads with the first suggestions, not with the editor (bench/bundle-size.ts); the
// import starts when they are asked for, so it is ready when they arrive.
const loadReview = () => import('./SuggestionsReviewModal.tsx');
const SuggestionsReviewModal = lazy(() =>
  loadReview().then((m) => ({ default: m.SuggestionsReviewModal })),
);

export interface SuggestSubtasksButtonProps {
  title: string;
  description: string;
  existingSubtasks: string[];
  /** Called with the approved, non-blank titles. */
  onApprove(subtasks: { id: string; title: string; estimate_minutes?: number }[]): void;
  /** An attached PDF whose text the server adds as context. */
  fileId?: string | undefined;
}

/**
 * Subtask suggestions: request (title required, consent on first
 * use), then the review modal, then approve or reject. Hidden when the AI
 * feature is off at build time.
 */
export function SuggestSubtasksButton({
  title,
  description,
  existingSubtasks,
  onApprove,
  fileId,
}: SuggestSubtasksButtonProps) {
  const ensureConsent = useAiConsent();
  const [loading, setLoading] = useState(false);
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);

  if (!config.aiEnabled) return null;

  async function request() {
    if (loading) return;
    if (!navigator.onLine) {
      void showAlert(AI_NEEDS_CONNECTION);
      return;
    }
    if (!hasVisibleCharacter(title)) {
      void showAlert(AI_SUGGEST_TITLE_REQUIRED);
      return;
    }
    if (!(await ensureConsent('suggest', { withFile: !!fileId }))) return;
    setLoading(true);
    // A failed load shows as the lazy review's error later; here it only starts early.
    loadReview().catch(() => undefined);
    let titles: SuggestedStep[];
    try {
      titles = await suggestSubtasks(
        api,
        suggestionPrompt(title, description, existingSubtasks),
        fileId,
      );
    } catch (err) {
      console.error('AI suggestions failed', err);
      void showAlert(AI_SUGGESTIONS_FAILED);
      return;
    } finally {
      setLoading(false);
    }
    if (titles.length === 0) {
      void showAlert(AI_NO_SUBTASKS);
      return;
    }
    setSuggestions(toSuggestions(titles));
  }

  return (
    <>
      <button
        type="button"
        className="button button--quiet ai-suggest-button"
        aria-busy={loading}
        // Not `disabled`: that drops keyboard focus to the page while the request runs, and
        // the review modal would then hand focus back to nowhere. request() ignores repeats.
        aria-disabled={loading}
        onClick={() => void request()}
      >
        <Icon name="sparkles" />
        {loading ? 'Getting suggestions...' : 'Suggest subtasks with AI'}
      </button>
      {suggestions && (
        <Suspense fallback={null}>
          <SuggestionsReviewModal
            open
            suggestions={suggestions}
            onReject={() => setSuggestions(null)}
            onApprove={(approved) => {
              setSuggestions(null);
              onApprove(approved);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
