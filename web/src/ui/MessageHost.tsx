import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentMessage, subscribeMessages } from './notify.ts';

// The dialog's code loads with the first message, not with the board: most visits ask nothing,
// and the board's first paint has a budget (bench/bundle-size.ts). The service worker precaches
// it, so a question asked offline still shows.
const QuestionDialog = lazy(() =>
  import('./QuestionDialog.tsx').then((m) => ({ default: m.QuestionDialog })),
);

/**
 * Shows the alerts and confirmations asked through notify.ts, one at a time, in the app's own
 * alert dialog. A confirmation offers Cancel first, where focus starts (the safe choice: Enter
 * pressed in a hurry deletes nothing), then OK; Escape is Cancel. An alert has OK alone, and
 * Escape closes it too. Mounted once, for every signed-in page.
 */
export function MessageHost() {
  const message = useSyncExternalStore(subscribeMessages, currentMessage);
  if (!message) return null;
  const ok = { label: 'OK', onChoose: () => message.answer(true) };
  return (
    <Suspense fallback={null}>
      <QuestionDialog
        key={message.id}
        question={message.text}
        className="app-message"
        choices={
          message.kind === 'confirm'
            ? [{ label: 'Cancel', quiet: true, onChoose: () => message.answer(false) }, ok]
            : [ok]
        }
        onCancel={() => message.answer(message.kind === 'alert')}
      />
    </Suspense>
  );
}
