import {
  CHEER_MAX_LENGTH,
  CHEER_PRESETS,
  summarySentence,
  type ProjectedAssignment,
  type SharedBoard,
  type SharedBoardEntry,
} from '@brainboard/domain';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { errorDetail, isApiError } from '../data/api/client.ts';
import { Link, Navigate } from '../router/router.tsx';
import { useLocation, useNavigate } from '../router/routerContext.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../data/storage.ts';
import { acceptInvite, sendCheer, sharedBoardIfChanged, sharedBoards } from './sharesApi.ts';
import './shares.css';

/**
 * How often an open supporter's view asks for the board again (while the tab is visible): a
 * step the student ticks shows within about this long.
 */
const POLL_MS = 1500;

const COLUMNS: [ProjectedAssignment['status'], string][] = [
  ['new', 'New'],
  ['in progress', 'In progress'],
  ['done', 'Done'],
];

/** "Fri 4 Dec, 17:00" from a stored due date (the student's wall-clock time). */
function dueText(due: string): string {
  if (!due) return '';
  const [date, time] = due.split('T');
  const [y, m, d] = (date ?? '').split('-').map(Number);
  const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return time ? `${day}, ${time.slice(0, 5)}` : day;
}

/** The invitation link's token, kept through sign-in (the link is opened before it). */
function pendingInvite(): string | null {
  return readStored(STORAGE_KEYS.supporterInvite);
}

/**
 * The supporter's pages: `/supporter/<token>` accepts an invitation (after Google sign-in),
 * `/shared` lists the boards shared with the signed-in person, `/shared/<id>` shows one,
 * read-only, refreshed while it is open.
 */
export default function SupporterApp() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const board = /^\/shared\/([A-Za-z0-9_-]+)$/.exec(path)?.[1];
  if (path.startsWith('/supporter/')) return <AcceptInvite />;
  if (board) return <SharedBoardPage id={board} />;
  return <SharedList />;
}

function AcceptInvite() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const token = pendingInvite();
    if (!token) {
      navigate('/shared', { replace: true });
      return;
    }
    let live = true;
    acceptInvite(token).then(
      (entry) => {
        writeStored(STORAGE_KEYS.supporterInvite, null);
        if (live) navigate(`/shared/${entry.id}`, { replace: true });
      },
      (err: unknown) => {
        writeStored(STORAGE_KEYS.supporterInvite, null);
        if (live) setError(errorDetail(err));
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  return (
    <SupporterFrame title="Opening the shared board">
      {error ? <p role="alert">{error}</p> : <p role="status">Opening the shared board…</p>}
    </SupporterFrame>
  );
}

function SupporterFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="supporter">
      <header className="supporter__header">
        <h1>{title}</h1>
        <nav aria-label="Supporter">
          <Link to="/shared">Boards shared with you</Link>
          <Link to="/dashboard">Your own board</Link>
        </nav>
      </header>
      <main className="supporter__main">{children}</main>
    </div>
  );
}

function SharedList() {
  const [boards, setBoards] = useState<SharedBoardEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    sharedBoards().then(
      (list) => live && setBoards(list),
      (err: unknown) => live && setError(errorDetail(err)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (boards?.length === 1 && boards[0]) return <Navigate to={`/shared/${boards[0].id}`} />;
  return (
    <SupporterFrame title="Boards shared with you">
      {error && <p role="alert">{error}</p>}
      {boards === null && !error && <p role="status">Loading…</p>}
      {boards?.length === 0 && (
        <p>No boards are shared with you. Open the invitation link a student sent you.</p>
      )}
      {boards && boards.length > 0 && (
        <ul className="supporter__list">
          {boards.map((b) => (
            <li key={b.id}>
              <Link to={`/shared/${b.id}`}>{b.student_name}’s board</Link>
            </li>
          ))}
        </ul>
      )}
    </SupporterFrame>
  );
}

function SharedBoardPage({ id }: { id: string }) {
  const [board, setBoard] = useState<SharedBoard | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [trouble, setTrouble] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The tag of the copy shown: an unchanged board answers 304 and the copy stays.
    let etag: string | null = null;
    const load = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const next = await sharedBoardIfChanged(id, etag);
          if (!live) return;
          if (next) {
            setBoard(next.board);
            etag = next.etag;
          }
          setTrouble(null);
        } catch (err) {
          if (!live) return;
          if (isApiError(err) && err.status === 404) {
            setGone(errorDetail(err));
            return;
          }
          setTrouble('Could not refresh the board. Trying again…');
        }
      }
      // The next look after this one has answered: never two at once.
      if (live) timer = setTimeout(() => void load(), POLL_MS);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);

  if (gone) {
    return (
      <SupporterFrame title="Shared board">
        <p role="alert">{gone}</p>
      </SupporterFrame>
    );
  }
  if (!board) {
    return (
      <SupporterFrame title="Shared board">
        <p role="status">Loading the board…</p>
      </SupporterFrame>
    );
  }
  return (
    <SupporterFrame title={`${board.student_name}’s board`}>
      <p className="supporter__summary">{summarySentence(board.summary)}</p>
      {trouble && <p role="status">{trouble}</p>}
      <div className="supporter__columns">
        {COLUMNS.map(([status, label]) => {
          const cards = board.assignments.filter((a) => a.status === status);
          return (
            <section key={status} className="supporter__column" aria-label={label}>
              <h2>
                {label} <span className="supporter__count">({cards.length})</span>
              </h2>
              <ul>
                {cards.map((a) => (
                  <li key={a.id} className="supporter__card">
                    <h3>{a.title}</h3>
                    {a.due_date && <p>Due {dueText(a.due_date)}</p>}
                    {a.steps_total !== undefined && a.steps_total > 0 && (
                      <p>
                        {a.steps_done} of {a.steps_total} steps
                      </p>
                    )}
                    {a.description && <p className="supporter__description">{a.description}</p>}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {board.cheers ? (
        <CheerForm id={id} name={board.student_name} />
      ) : (
        <p>{board.student_name} has turned cheers off.</p>
      )}
    </SupporterFrame>
  );
}

function CheerForm({ id, name }: { id: string; name: string }) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  async function send(words: string) {
    setBusy(true);
    try {
      await sendCheer(id, words);
      setSaid(`Sent: “${words}”`);
      setText('');
    } catch (err) {
      setSaid(errorDetail(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="supporter__cheer" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`}>Send {name} a cheer</h2>
      <div className="supporter__presets">
        {CHEER_PRESETS.map((words) => (
          <button
            key={words}
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void send(words)}
          >
            {words}
          </button>
        ))}
      </div>
      <form
        className="supporter__own"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void send(text.trim());
        }}
      >
        <label htmlFor={fieldId}>Or in your own words</label>
        <input
          id={fieldId}
          className="text-field"
          maxLength={CHEER_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--quiet" disabled={busy || !text.trim()}>
          Send
        </button>
      </form>
      <p role="status" className="supporter__said">
        {said}
      </p>
    </section>
  );
}
