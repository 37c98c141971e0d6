import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useOptionalAssignmentsStore } from '../data/assignmentsContext.ts';
import { useSession } from '../session/sessionContext.ts';
import { focusFeedback } from './appFeedback.ts';
import type { FocusFeedback } from './feedback.ts';
import { FocusModeContext, type FocusModeValue } from './focusContext.ts';
import { loadedFocusModal, loadFocusModal } from './focusModalLoader.ts';
import { isFocusShortcut } from './platform.ts';
import { whenIdle } from '../loading/idle.ts';

export interface FocusProviderProps {
  children: ReactNode;
  /** Sounds and haptics; the app's own by default. */
  feedback?: FocusFeedback;
}

function streakOf(user: unknown): number {
  const streak = (user as { focus_streak?: unknown } | null | undefined)?.focus_streak;
  return typeof streak === 'number' && Number.isFinite(streak) ? streak : 0;
}

/**
 * Focus Mode for the dashboard: `useFocusMode().open(id?)` from anywhere below, the
 * Ctrl/Cmd+Shift+F shortcut, and the full-screen modal. Needs the session (for the user id).
 */
export function FocusProvider({ children, feedback = focusFeedback }: FocusProviderProps) {
  const { user } = useSession();
  const store = useOptionalAssignmentsStore();
  // The shortcut opens Focus Mode only when the list the board holds has an assignment.
  const hasAny = (store?.assignments.length ?? 0) > 0;
  const userId = user?.id ?? null;
  const [request, setRequest] = useState<{ open: boolean; assignmentId: string | null }>({
    open: false,
    assignmentId: null,
  });
  const [gateLocked, setGateLocked] = useState(false);
  const [streak, setStreak] = useState<number | null>(null);
  const [celebrated] = useState(() => new Set<string>());
  const isOpen = request.open;
  const [FocusModal, setFocusModal] = useState(() => loadedFocusModal());

  // Loads the view when idle after the first paint, and at once when Focus Mode opens.
  useEffect(() => {
    if (FocusModal) return;
    let live = true;
    const load = () =>
      void loadFocusModal().then(
        (modal) => live && setFocusModal(() => modal),
        (err: unknown) => console.error('Brainboard: could not load Focus Mode.', err),
      );
    let cancel: (() => void) | undefined;
    if (isOpen) load();
    else cancel = whenIdle(load);
    return () => {
      live = false;
      cancel?.();
    };
  }, [FocusModal, isOpen]);

  const open = useCallback(
    (assignmentId?: string) => {
      if (!userId) return;
      setRequest({ open: true, assignmentId: assignmentId ?? null });
    },
    [userId],
  );
  const close = useCallback(() => {
    setRequest((r) => ({ ...r, open: false }));
    setGateLocked(false);
  }, []);

  // Ctrl+Shift+F (Cmd+Shift+F on Mac) opens focus mode when an assignment exists.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isFocusShortcut(e)) return;
      e.preventDefault();
      if (isOpen || !userId || e.repeat) return;
      // Not on top of another dialog (an open editor keeps its own focus).
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (hasAny) open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, userId, hasAny, open]);

  const value = useMemo<FocusModeValue>(
    () => ({ open, isOpen, gateLocked: isOpen && gateLocked }),
    [open, isOpen, gateLocked],
  );

  return (
    <FocusModeContext.Provider value={value}>
      {children}
      {userId && FocusModal && (
        <FocusModal
          open={isOpen}
          onClose={close}
          userId={userId}
          assignmentId={request.assignmentId}
          onGateChange={setGateLocked}
          feedback={feedback}
          knownStreak={streak ?? streakOf(user)}
          onStreak={setStreak}
          celebrated={celebrated}
        />
      )}
    </FocusModeContext.Provider>
  );
}
