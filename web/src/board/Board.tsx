import {
  CONFIRM_DELETE_ASSIGNMENT,
  learningFactor,
  type Assignment,
  type RepeatScope,
  type Status,
} from '@brainboard/domain';
import {
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LoadingScreen } from '../loading/LoadingScreen.tsx';
import { ResetOverdue } from '../reset/ResetOverdue.tsx';
import { SkipContext } from '../recurrence/skipContext.ts';
import { useSkipToNext } from '../recurrence/useSkipToNext.ts';
import '../recurrence/recurrence.css';
import { askToConfirm } from '../ui/notify.ts';
import { LearningContext, PlannedStartsContext } from '../whatnow/learningContext.ts';
import { firstSessionStarts, usePlanSessions } from '../data/planCache.ts';
import { SessionContext } from '../session/sessionContext.ts';
import { focusAfterDelete } from './focusAfterDelete.ts';
import { PlusIcon } from '../ui/icons.tsx';
import { prefetchBoardQueue } from '../data/outbox/loadQueue.ts';
import { lazyChunk } from '../loading/lazyChunk.tsx';
import { KanbanBoard } from './KanbanBoard.tsx';
import QuickAddField, { type QuickAddDraft } from '../capture/QuickAddField.tsx';
import type { RankChange } from './ranks.ts';
import { useAssignmentsStore } from '../data/assignmentsContext.ts';
import { useSortByDue } from './useSortByDue.ts';
import { whenIdle } from '../loading/idle.ts';
import './board.css';

// The editor (with its date picker) loads after the board is on screen, so the first paint of
// the dashboard does not wait for it.
const loadEditor = () => import('../assignment/AssignmentEditor.tsx');
const AssignmentEditor = lazyChunk(() => loadEditor().then((m) => m.AssignmentEditor));
// The reset line and its sheet load only when a card is overdue.
// Asked instead of the plain confirmation when the open card of a repeat is deleted.
const DeleteRepeatQuestion = lazy(() =>
  import('../recurrence/DeleteRepeatQuestion.tsx').then((m) => ({
    default: m.DeleteRepeatQuestion,
  })),
);

type EditorState =
  | { mode: 'create'; status: Status; key: number; typed?: QuickAddDraft }
  | { mode: 'edit'; id: string };

// Offered on an empty board only, so it loads then.
const SchoolImportOffer = lazy(() =>
  import('./SchoolImportOffer.tsx').then((m) => ({ default: m.SchoolImportOffer })),
);

export interface BoardProps {
  /** Counts requests from outside the board (the welcome) to open "Add Assignment" in New. */
  addRequest?: number;
  /**
   * Opens Settings → Import from your school; given while the empty board's offer to import
   * is not closed for good.
   */
  onImport?: (() => void) | undefined;
}

/**
 * The dashboard's board (docs/product.md, Screens): three columns with drag and drop, the floating
 * "Add
 * Assignment" button and the assignment editor. The loading screen shows while the first load
 * runs; the board renders as soon as the data arrives.
 */
export function Board({ addRequest = 0, onImport }: BoardProps = {}) {
  const data = useAssignmentsStore();
  const { moveCard, deleteCard, applyItem, holdUpdates, trackWrite } = data;
  const loaded = data.status !== 'loading';
  // A board drawn from this browser's copy has its data at once: no loading screen, which would
  // show for one frame above the board and then push it up as it went.
  const [splashDone, setSplashDone] = useState(loaded);
  const [editor, setEditor] = useState<EditorState | null>(null);

  const openCreate = useCallback(
    (status: Status) => setEditor({ mode: 'create', status, key: Date.now() }),
    [],
  );
  const openTyped = useCallback(
    (typed: QuickAddDraft) => setEditor({ mode: 'create', status: 'new', key: Date.now(), typed }),
    [],
  );
  const openEdit = useCallback((id: string) => setEditor({ mode: 'edit', id }), []);
  const [addSeen, setAddSeen] = useState(addRequest);
  if (addRequest !== addSeen) {
    setAddSeen(addRequest);
    setEditor({ mode: 'create', status: 'new', key: -addRequest });
  }
  const closeEditor = useCallback(() => setEditor(null), []);
  const removeCard = useCallback(
    (id: string, scope?: RepeatScope) => {
      // The card (and its focused Delete button) goes away: keep keyboard users on the board.
      const refocus = focusAfterDelete(id);
      void deleteCard(id, scope).then((deleted) => {
        if (deleted) refocus();
      });
    },
    [deleteCard],
  );
  // The list as last rendered, so onDelete stays the same function and cards stay memoised.
  const listRef = useRef(data.assignments);
  useEffect(() => {
    listRef.current = data.assignments;
  });
  const [deleteAsk, setDeleteAsk] = useState<Assignment | null>(null);
  const onDelete = useCallback(
    (id: string) => {
      const card = listRef.current.find((a) => a.id === id);
      if (card?.series_id && card.status !== 'done') setDeleteAsk(card);
      else {
        void askToConfirm(CONFIRM_DELETE_ASSIGNMENT).then((ok) => {
          if (ok) removeCard(id);
        });
      }
    },
    [removeCard],
  );
  const onMove = useCallback(
    (id: string, status: Status, ranks: RankChange[]) => void moveCard(id, status, ranks),
    [moveCard],
  );
  const onSaved = useCallback((item: Assignment) => applyItem(item), [applyItem]);
  const onSkip = useSkipToNext(data.assignments, applyItem, trackWrite);
  const sortColumn = useSortByDue(data.assignments, applyItem, trackWrite);
  const onSort = useCallback((status: Status) => void sortColumn(status), [sortColumn]);

  useEffect(() => {
    if (!loaded) return;
    return whenIdle(() => {
      AssignmentEditor.preload();
      prefetchBoardQueue();
    }, 2000);
  }, [loaded]);

  const learned = learningFactor(data.assignments);
  const factor = learned?.factor ?? null;
  const basedOn = learned?.basedOn ?? 0;
  // One object per value, so the memoised cards re-render only when the factor changes.
  const learning = useMemo(() => (factor === null ? null : { factor, basedOn }), [factor, basedOn]);
  // Each card's first planned work session, from the plan as this browser last saw it.
  const planSessions = usePlanSessions(useContext(SessionContext)?.user?.id);
  const plannedStarts = useMemo(() => firstSessionStarts(planSessions, new Date()), [planSessions]);

  const editing =
    editor?.mode === 'edit' ? data.assignments.find((a) => a.id === editor.id) : undefined;

  return (
    <LearningContext.Provider value={learning}>
      <PlannedStartsContext.Provider value={plannedStarts}>
        {(!splashDone || !loaded) && (
          <LoadingScreen done={loaded} onFinished={() => setSplashDone(true)} />
        )}
        {loaded && (
          <div className="board" aria-busy={!splashDone || undefined}>
            {data.status === 'error' && (
              <p className="board__notice" role="status">
                Your assignments could not be loaded yet. Trying again…
              </p>
            )}
            {onImport && data.status === 'ready' && data.assignments.length === 0 && (
              <Suspense fallback={null}>
                <SchoolImportOffer onImport={onImport} />
              </Suspense>
            )}
            <ResetOverdue
              assignments={data.assignments}
              onSaved={applyItem}
              trackWrite={trackWrite}
            />
            {/* In the first paint (1.7 KB; its parser loads on first use), so the columns below it
              never move when it arrives: a card dragged as the page settles lands where aimed. */}
            <QuickAddField
              place="board"
              onAdded={applyItem}
              onMoreDetails={openTyped}
              trackWrite={trackWrite}
            />
            <SkipContext value={onSkip}>
              <KanbanBoard
                assignments={data.assignments}
                onMove={onMove}
                onOpen={openEdit}
                onDelete={onDelete}
                onAdd={openCreate}
                onSort={onSort}
                onDragActive={holdUpdates}
              />
            </SkipContext>
            <button
              type="button"
              className="board__fab"
              title="Add Assignment"
              aria-label="Add Assignment"
              onClick={() => openCreate('new')}
            >
              <PlusIcon size={28} />
            </button>
          </div>
        )}
        <Suspense fallback={null}>
          {editor?.mode === 'create' && (
            <AssignmentEditor
              key={`new-${editor.key}`}
              initialStatus={editor.status}
              typed={editor.typed}
              onClose={closeEditor}
              onSaved={onSaved}
              onAssignmentChanged={applyItem}
              trackWrite={trackWrite}
            />
          )}
          {editing && (
            <AssignmentEditor
              key={editing.id}
              assignment={editing}
              onClose={closeEditor}
              onSaved={onSaved}
              onAssignmentChanged={applyItem}
              trackWrite={trackWrite}
            />
          )}
          {deleteAsk && (
            <DeleteRepeatQuestion
              title={deleteAsk.title}
              onChoose={(scope) => {
                setDeleteAsk(null);
                removeCard(deleteAsk.id, scope);
              }}
              onCancel={() => setDeleteAsk(null)}
            />
          )}
        </Suspense>
      </PlannedStartsContext.Provider>
    </LearningContext.Provider>
  );
}
