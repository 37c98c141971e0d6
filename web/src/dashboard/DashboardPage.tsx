import { lazy, Suspense, useCallback, useState } from 'react';
import { AssignmentsProvider } from '../data/AssignmentsProvider.tsx';
import { Board } from '../board/Board.tsx';
import { OfflineStatus } from '../offline/OfflineStatus.tsx';
import { hasAcceptedBoth } from '../consent/hasAccepted.ts';
import { FocusButton } from '../focus/FocusButton.tsx';
import { FocusProvider } from '../focus/FocusProvider.tsx';
import { useSession } from '../session/sessionContext.ts';
import { FocusFromLink } from '../reminders/FocusFromLink.tsx';
import { TimeZoneSync } from '../reminders/TimeZoneSync.tsx';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';
import { useTheme } from '../theme/useTheme.ts';
import { WhatNowButton } from '../whatnow/WhatNow.tsx';
import type { SettingsSection } from '../settings/SettingsModal.tsx';
import type { FirstStep } from '../whatsnew/Welcome.tsx';
import { Icon } from '../ui/icons.tsx';
import { chunk } from '../loading/chunk.ts';
import { useIdle } from '../loading/idle.ts';
import './dashboard.css';

// Settings (reminders, devices, school feeds) load when first opened: none of it is needed to
// show the board, and it keeps the first paint within its budget.
const SettingsModal = lazy(() =>
  chunk(import('../settings/SettingsModal.tsx')).then((m) => ({ default: m.SettingsModal })),
);
// Plan my week: its own chunk, loaded when the student opens it.
const PlanView = lazy(() =>
  chunk(import('../plan/PlanView.tsx')).then((m) => ({ default: m.PlanView })),
);
// A supporter’s newest cheer, looked for once the first screen is drawn and the browser is idle.
const CheerNote = lazy(() => import('../shares/CheerNote.tsx'));
// The consent screen is seen once per student, before their first board.
const ConsentScreen = lazy(() =>
  chunk(import('../consent/ConsentScreen.tsx')).then((m) => ({ default: m.ConsentScreen })),
);
// The toasts (sonner) load once the first screen is drawn and the browser is idle, or at the first
// touch or key: every toast the app shows follows a tap, from a chunk that loads later still
// (Settings, the skip-with-undo), so none is sent before the toaster listens.
const AppToaster = lazy(() =>
  chunk(import('../ui/AppToaster.tsx')).then((m) => ({ default: m.AppToaster })),
);
// What's New (or a new account's welcome) opens at most once per release, so it loads after
// the board too, when the browser is idle.
const WhatsNewDialog = lazy(() =>
  chunk(import('../whatsnew/WhatsNewDialog.tsx')).then((m) => ({ default: m.WhatsNewDialog })),
);

/**
 * The dashboard: header (title, focus button, Settings, theme toggle), then
 * the consent screen until privacy and terms are both accepted, else the board
 * and the What's New dialog (a new account's welcome), whose first steps open the editor or
 * Settings at a part.
 */
export function DashboardPage() {
  const { user, fresh } = useSession();
  const { theme } = useTheme();
  // Open Settings, at a part or at the top ({}); null while closed.
  const [settings, setSettings] = useState<{ section?: SettingsSection } | null>(null);
  const closeSettings = useCallback(() => setSettings(null), []);
  const openImport = useCallback(() => setSettings({ section: 'school' }), []);
  const [addRequest, setAddRequest] = useState(0);
  const takeStep = useCallback((step: FirstStep) => {
    if (step === 'add') setAddRequest((n) => n + 1);
    else setSettings({ section: step === 'import' ? 'school' : 'reminders' });
  }, []);
  const accepted = user ? hasAcceptedBoth(user) : false;
  const [plan, setPlan] = useState(false);
  // A supporter's note, What's new and the toaster load by themselves: not in the load's time.
  const idle = useIdle();

  const page = (
    <div className="dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Brainboard</h1>
        <div className="dashboard__actions">
          {accepted && <WhatNowButton />}
          {accepted && <FocusButton />}
          {accepted && (
            <button type="button" className="button button--quiet" onClick={() => setPlan(true)}>
              <Icon name="clock" />
              {/* On phones an icon only (the header holds one row); the word stays its name. */}
              <span className="dashboard__label dashboard__label--wide">Plan</span>
            </button>
          )}
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setSettings({})}
            disabled={!user}
          >
            <Icon name="gear" />
            <span className="dashboard__label">Settings</span>
          </button>
          <ThemeToggle />
        </div>
      </header>
      <OfflineStatus />
      <main id="main" className="dashboard__main">
        {user === null && (
          <p role="alert" className="dashboard__problem">
            Could not load your session. Please reload the page.
          </p>
        )}
        {user && !accepted && (
          <Suspense fallback={null}>
            <ConsentScreen />
          </Suspense>
        )}
        {user && accepted && (
          <>
            {idle && (
              <Suspense fallback={null}>
                <CheerNote />
              </Suspense>
            )}
            <Board
              addRequest={addRequest}
              onImport={user.school_import_offer_closed ? undefined : openImport}
            />
            <FocusFromLink />
            <TimeZoneSync user={user} />
            {/* Decided from the fresh profile, not this browser's cached copy. */}
            {fresh && idle && (
              <Suspense fallback={null}>
                <WhatsNewDialog onStep={takeStep} />
              </Suspense>
            )}
          </>
        )}
      </main>
      {settings && (
        <Suspense fallback={null}>
          <SettingsModal open onClose={closeSettings} user={user} section={settings.section} />
        </Suspense>
      )}
      {plan && accepted && (
        <Suspense fallback={null}>
          <PlanView onClose={() => setPlan(false)} />
        </Suspense>
      )}
      {idle && (
        <Suspense fallback={null}>
          <AppToaster theme={theme} />
        </Suspense>
      )}
    </div>
  );

  // Focus Mode (and its shortcut) belongs to the board, so only once consent is given; both
  // share one copy of the assignments.
  return accepted ? (
    <AssignmentsProvider>
      <FocusProvider>{page}</FocusProvider>
    </AssignmentsProvider>
  ) : (
    page
  );
}
