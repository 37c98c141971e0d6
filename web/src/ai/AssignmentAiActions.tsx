import type { Assignment } from '@brainboard/domain';
import { lazy, Suspense, useState } from 'react';
import { config } from '../config.ts';
import { AI_NEEDS_CONNECTION, useOnline } from '../offline/connection.ts';
import { assignmentContext } from './context.ts';
import { useAiConsent } from './useAiConsent.ts';
import './ai.css';
import { Icon } from '../ui/icons.tsx';

// The chat and Deep Dive load when first opened (the service worker precaches them): most edits
// never open them, and the editor is fetched with the board (bench/bundle-size.ts).
const ChatModal = lazy(() => import('./ChatModal.tsx').then((m) => ({ default: m.ChatModal })));
const DeepDiveModal = lazy(() =>
  import('./DeepDiveModal.tsx').then((m) => ({ default: m.DeepDiveModal })),
);

export interface AssignmentAiActionsProps {
  /** The assignment being edited (edit mode only: docs/product.md, Who can do what). */
  assignment: Assignment;
  /** Called with the assignment as the server answered after AI changed it (e.g. approved subtasks). */
  onAssignmentChanged(next: Assignment): void;
  /** An attached PDF whose text the server adds as context. */
  fileId?: string | undefined;
}

/**
 * The Help and Deep Dive buttons of the assignment modal in edit mode
 * (docs/product.md, Screens). Help asks for consent on first use, then opens the chat; Deep
 * Dive asks when a tool is first used. Hidden when AI is off at build time.
 */
export function AssignmentAiActions({
  assignment,
  onAssignmentChanged,
  fileId,
}: AssignmentAiActionsProps) {
  const ensureConsent = useAiConsent();
  const [open, setOpen] = useState<'help' | 'deepDive' | null>(null);
  const online = useOnline();

  if (!config.aiEnabled) return null;
  if (!online) {
    return (
      <p className="ai-actions" role="status">
        {AI_NEEDS_CONNECTION}
      </p>
    );
  }
  const context = assignmentContext(assignment);

  return (
    <div className="ai-actions" role="group" aria-label="AI help">
      <button
        type="button"
        className="button button--quiet"
        onClick={() => {
          void ensureConsent('help', { withFile: !!fileId }).then((ok) => {
            if (ok) setOpen('help');
          });
        }}
      >
        <Icon name="chat" />
        Help
      </button>
      <button type="button" className="button button--quiet" onClick={() => setOpen('deepDive')}>
        <Icon name="search" />
        Deep Dive
      </button>

      <Suspense fallback={null}>
        {open === 'help' && (
          <ChatModal
            open
            onClose={() => setOpen(null)}
            context={context}
            assignmentId={assignment.id}
            fileId={fileId}
          />
        )}
        {open === 'deepDive' && (
          <DeepDiveModal
            open
            onClose={() => setOpen(null)}
            context={context}
            assignmentId={assignment.id}
            fileId={fileId}
            initial={assignment.deep_dive}
            onGenerated={(tool, text) =>
              onAssignmentChanged({
                ...assignment,
                deep_dive: { ...assignment.deep_dive, [tool]: text },
              })
            }
          />
        )}
      </Suspense>
    </div>
  );
}
