import type { Assignment, Status } from '@brainboard/domain';
import type {
  Announcements,
  DragCancelEvent,
  DragEndEvent,
  DragOverEvent,
  DragStartEvent,
  UniqueIdentifier,
} from '@dnd-kit/core';
import {
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  cancelledText,
  droppedText,
  movedOverText,
  pickedUpText,
  type CardPlace,
} from './announcements.ts';
import { CardBody, type CardActions } from './AssignmentCard.tsx';
import { useEdgeAutoScroll } from './autoScroll.ts';
import { BoardColumn } from './BoardColumn.tsx';
import { CardsOnScreen } from './cardsOnScreen.ts';
import { CardsNear } from './cardsNear.ts';
import { CardLinks } from './cardLinks.ts';
import type { DragRefs } from './collision.ts';
import { BoardDragLayer } from './boardDragChunk.ts';
import { ColumnSwitch } from './ColumnSwitch.tsx';
import {
  COLUMNS,
  findCard,
  groupByStatus,
  moveInList,
  statusClass,
  statusOfColumnId,
  isTabId,
  swipedColumn,
  type ColumnIds,
} from './columns.ts';
import { CLICK_AFTER_DROP_MS } from './clickAfterDrop.ts';
import { aboveColumnSwitch, landCard, letGoAt } from './dnd.ts';
import { prefersReducedMotion } from '../ui/reducedMotion.ts';
import { celebrateDone, originOf } from '../ui/motion.ts';
import { useBadgeClock } from './useBadgeClock.ts';
import { ranksForMove, type RankChange } from './ranks.ts';
import { onPhone } from '../ui/phone.ts';

/**
 * How many cards of each column the board's first frame draws: more than the tallest screen
 * shows. The others follow straight after, as a transition, which React renders in short slices
 * between frames. A board of 300 cards then shows its first screen without waiting for the 250
 * cards below it, and its load has no single long task of them (decision 0033).
 */
export const FIRST_CARDS = 16;

/** How much of the board is drawn while it loads: the columns' heads, the top of each, all. */
type Drawn = 'heads' | 'top' | 'all';

export interface KanbanBoardProps extends CardActions {
  /** Sorted by rank. */
  assignments: readonly Assignment[];
  /** The card's new column and ranks (already computed); the board shows it there at once. */
  onMove(id: string, status: Status, ranks: RankChange[]): void;
  onAdd(status: Status): void;
  /** "Sort by due date" in a column's header. */
  onSort?(status: Status): void;
  /** True while a drag is in progress (live updates wait meanwhile). */
  onDragActive(active: boolean): void;
}

/**
 * The three columns with drag and drop between and within them (dnd-kit, following its
 * MultipleContainers pattern): a snapshot when a drag starts, the card moves between columns
 * while it is dragged over them, the order is settled on drop and the snapshot comes back on
 * cancel. The parent persists the move.
 *
 * Memoised: the board's parent re-renders for things the columns do not show (the editor opening
 * or closing), and a board of 300 cards is the page's largest tree.
 */
export const KanbanBoard = memo(function KanbanBoard({
  assignments,
  onMove,
  onOpen,
  onDelete,
  onAdd,
  onSort,
  onDragActive,
}: KanbanBoardProps) {
  const badgeKey = useBadgeClock(assignments);
  const byId = useMemo(() => new Map(assignments.map((a) => [a.id, a])), [assignments]);
  const settled = useMemo(() => groupByStatus(assignments), [assignments]);
  const [working, setWorking] = useState<ColumnIds | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pointerDrag, setPointerDrag] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  const columns = working ?? settled;
  // Phones show one column at a time (board.css); this is the one shown there.
  const [shown, setShown] = useState<Status>('new');
  const swipe = useRef<{ x: number; y: number } | null>(null);

  // Read by dnd-kit callbacks (collision detection, announcements) during a drag.
  const workingRef = useRef<ColumnIds>(settled);
  const snapshotRef = useRef<ColumnIds>(settled);
  const byIdRef = useRef(byId);
  const activeRef = useRef<string | null>(null);
  const lastOverId = useRef<UniqueIdentifier | null>(null);
  const movedToNewColumn = useRef(false);
  const justDropped = useRef(0);
  const scrollerRef = useRef<HTMLDivElement>(null);
  // The phone column switch's top edge during a drag (null where it is hidden): the lifted
  // card stays above it. The bar is fixed to the screen, so one measure per drag holds.
  const barRef = useRef<HTMLDivElement>(null);
  const barTopRef = useRef<number | null>(null);
  const overlayModifiers = useMemo(() => [aboveColumnSwitch(() => barTopRef.current)], []);
  const overlayRef = useRef<HTMLDivElement>(null);

  // The cards on screen while a drag lasts: only those slide (cardsOnScreen.ts).
  const [onScreen] = useState(() => new CardsOnScreen());
  useEffect(() => () => onScreen.stop(), [onScreen]);
  // Only cards near the screen take part in a drag (cardsNear.ts); the lifted one always does.
  const [near] = useState(() => new CardsNear());
  // Where dnd-kit's hooks, drawn beside the columns, find their elements (cardLinks.ts).
  const [links] = useState(() => new CardLinks());
  // The board's first frame draws the top of each column; the rest follows at once (FIRST_CARDS).
  // On a phone only the column shown is on screen, and the first frame draws the columns' heads
  // alone; the top of the column shown follows, then the rest, each as a transition, which React
  // renders in slices between frames: the first frame's task draws no card (decision 0047).
  const [phoneAtFirst] = useState(onPhone);
  const [drawn, setDrawn] = useState<Drawn>(phoneAtFirst ? 'heads' : 'top');
  useEffect(() => {
    if (drawn !== 'all') startTransition(() => setDrawn(drawn === 'heads' ? 'top' : 'all'));
  }, [drawn]);
  const liftHold = useRef<(() => void) | null>(null);

  useEffect(() => {
    byIdRef.current = byId;
    if (activeRef.current === null) workingRef.current = settled;
  }, [byId, settled]);

  useEffect(() => {
    const id = requestAnimationFrame(() => {
      movedToNewColumn.current = false;
    });
    return () => cancelAnimationFrame(id);
  }, [working]);

  const horizontalScroller = useCallback(() => scrollerRef.current, []);
  useEdgeAutoScroll(activeId !== null && pointerDrag, horizontalScroller);

  const setColumns = (next: ColumnIds) => {
    workingRef.current = next;
    // A move between columns re-renders two columns of cards: let React do it between frames.
    startTransition(() => setWorking(next));
  };

  const columnOf = (cols: ColumnIds, id: UniqueIdentifier): Status | null =>
    statusOfColumnId(id) ?? findCard(cols, String(id))?.status ?? null;

  // What the drag layer's collision detection reads (collision.ts).
  const dragRefs = useMemo<DragRefs>(
    () => ({ working: workingRef, lastOverId, movedToNewColumn, active: activeRef }),
    [],
  );

  const placeOf = (id: UniqueIdentifier, cols: ColumnIds = workingRef.current): CardPlace => {
    const found = findCard(cols, String(id));
    return found ?? { status: 'new', index: 0, count: 0 };
  };
  const titleOf = (id: UniqueIdentifier) => byIdRef.current.get(String(id))?.title ?? 'the card';

  // Says a new place only when the card really changed place (dnd-kit reports every target).
  const announced = useRef<CardPlace | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announced.current = placeOf(active.id);
      return pickedUpText(titleOf(active.id), announced.current);
    },
    onDragOver: ({ active, over }) => {
      if (!over) return undefined;
      // Inside one column the list only changes on drop: say where it would land.
      const place = placeOf(active.id);
      const target = findCard(workingRef.current, String(over.id));
      if (target && target.status === place.status) place.index = target.index;
      const last = announced.current;
      if (last && last.status === place.status && last.index === place.index) return undefined;
      announced.current = place;
      return movedOverText(titleOf(active.id), place);
    },
    onDragEnd: ({ active }) => droppedText(titleOf(active.id), placeOf(active.id)),
    onDragCancel: ({ active }) =>
      cancelledText(titleOf(active.id), placeOf(active.id, snapshotRef.current)),
  };

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    const id = String(active.id);
    snapshotRef.current = settled;
    workingRef.current = settled;
    activeRef.current = id;
    lastOverId.current = null;
    const bar = barRef.current?.getBoundingClientRect();
    barTopRef.current = bar && bar.height > 0 ? bar.top : null;
    setReducedMotion(prefersReducedMotion());
    onScreen.watch(scrollerRef.current);
    liftHold.current?.();
    liftHold.current = near.lift(id);
    setPointerDrag(!(activatorEvent instanceof KeyboardEvent));
    setActiveId(id);
    setWorking(settled);
    onDragActive(true);
  }

  function onDragOver({ active, over }: DragOverEvent) {
    // At most one change of column per frame: the layout shift of a move must not bounce the
    // card straight back (a render loop otherwise).
    if (!over || movedToNewColumn.current) return;
    const cols = workingRef.current;
    const from = columnOf(cols, active.id);
    const to = columnOf(cols, over.id);
    if (!from || !to || from === to) return;
    const target = cols[to];
    const overIndex = target.indexOf(String(over.id));
    let index = target.length;
    if (overIndex >= 0) {
      const translated = active.rect.current.translated;
      const below =
        !!translated &&
        translated.top + translated.height / 2 > over.rect.top + over.rect.height / 2;
      index = overIndex + (below ? 1 : 0);
    }
    const id = String(active.id);
    movedToNewColumn.current = true;
    setColumns({
      ...cols,
      [from]: cols[from].filter((x) => x !== id),
      [to]: [...target.slice(0, index), id, ...target.slice(index)],
    });
  }

  /** Ends the drag; the card then glides from where it was let go into its place (dnd.ts). */
  function finish(id: string) {
    const from = reducedMotion ? null : letGoAt(overlayRef.current);
    if (from) {
      requestAnimationFrame(() => {
        const card = scrollerRef.current?.querySelector<HTMLElement>(
          `li[data-card-id="${CSS.escape(id)}"]`,
        );
        landCard(card ?? null, from);
      });
    }
    onScreen.stop();
    liftHold.current?.();
    liftHold.current = null;
    activeRef.current = null;
    setActiveId(null);
    setWorking(null);
    setPointerDrag(false);
    onDragActive(false);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const id = String(active.id);
    let cols = workingRef.current;
    const to = columnOf(cols, id);
    if (!to || !over) {
      onDragCancel({ active });
      return;
    }
    const overStatus = columnOf(cols, over.id);
    if (overStatus === to && !statusOfColumnId(over.id)) {
      const from = cols[to].indexOf(id);
      const target = cols[to].indexOf(String(over.id));
      if (from !== target && target >= 0)
        cols = { ...cols, [to]: moveInList(cols[to], from, target) };
    }
    workingRef.current = cols;
    justDropped.current = Date.now();
    const start = findCard(snapshotRef.current, id);
    const order = cols[to];
    const moved = !start || start.status !== to || start.index !== order.indexOf(id);
    if (moved) {
      const rankOf = (x: string) => byIdRef.current.get(x)?.rank ?? 0;
      onMove(id, to, ranksForMove(order, id, rankOf));
      if (to === 'done' && start?.status !== 'done') {
        // From where the card landed: the column switch's Done segment when it was dropped
        // there (on a phone the Done column may not be the one shown), otherwise the card.
        const onTab = isTabId(over.id);
        requestAnimationFrame(() => {
          void celebrateDone(
            originOf(
              onTab
                ? document.querySelector('.switch__segment[data-status="done"]')
                : document.querySelector(`[data-card-id="${CSS.escape(id)}"]`),
            ),
          );
        });
      }
    }
    finish(id);
  }

  function onDragCancel({ active }: Pick<DragCancelEvent, 'active'>) {
    workingRef.current = snapshotRef.current;
    justDropped.current = Date.now();
    finish(String(active.id));
  }

  // A click right after a drop is the end of that drag, not a request to edit.
  const open = useCallback(
    (id: string) => {
      if (Date.now() - justDropped.current < CLICK_AFTER_DROP_MS) return;
      onOpen(id);
    },
    [onOpen],
  );

  const active = activeId ? byId.get(activeId) : undefined;

  const drawnIn = (status: Status) =>
    drawn === 'all'
      ? undefined
      : drawn === 'heads' || (phoneAtFirst && status !== shown)
        ? 0
        : FIRST_CARDS;

  // The columns first, then dnd-kit's provider and hooks beside them, not around them: a change
  // of the drag's state then makes React search the hooks for what reads it, not every card
  // (cardLinks.ts). They come in a chunk of their own, after the board's first frame; until then
  // the cards are still, and a key pressed on a Move button waits for them (BoardCard.tsx).
  return (
    <>
      <div
        ref={scrollerRef}
        className={`board__columns${activeId ? ' board__columns--dragging' : ''}${
          activeId && !pointerDrag ? ' board__columns--keyboard' : ''
        }`}
        onFocus={(e) => near.focusIn(e.target)}
        onBlur={(e) => near.focusOut(e.target, e.relatedTarget)}
        onPointerDown={(e) => {
          swipe.current = e.isPrimary ? { x: e.clientX, y: e.clientY } : null;
        }}
        onPointerUp={(e) => {
          const start = swipe.current;
          swipe.current = null;
          if (!start || activeRef.current !== null || !onPhone()) return;
          const next = swipedColumn(shown, e.clientX - start.x, e.clientY - start.y);
          if (next) setShown(next);
        }}
      >
        {COLUMNS.map(({ status }) => (
          <BoardColumn
            key={status}
            status={status}
            ids={columns[status]}
            byId={byId}
            badgeKey={badgeKey}
            near={near}
            links={links}
            onOpen={open}
            onDelete={onDelete}
            onAdd={onAdd}
            onSort={onSort}
            shown={shown === status}
            drawn={drawnIn(status)}
          />
        ))}
      </div>
      <ColumnSwitch
        columns={columns}
        shown={shown}
        onShow={setShown}
        onAdd={onAdd}
        barRef={barRef}
        links={links}
      />
      <Suspense fallback={null}>
        <BoardDragLayer
          columns={columns}
          drawnIn={drawnIn}
          reducedMotion={reducedMotion}
          near={near}
          links={links}
          onScreen={onScreen}
          refs={dragRefs}
          announcements={announcements}
          onDragStart={onDragStart}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={onDragCancel}
          overlayModifiers={overlayModifiers}
          overlay={
            active ? (
              <div ref={overlayRef} className={`card card--overlay ${statusClass(active)}`}>
                <CardBody
                  assignment={active}
                  badgeKey={badgeKey}
                  onOpen={open}
                  onDelete={onDelete}
                  preview
                />
              </div>
            ) : null
          }
        />
      </Suspense>
    </>
  );
});
