import { useSyncExternalStore } from 'react';
import { currentMessage, subscribeMessages } from './notify.ts';
import { QuestionDialog } from './QuestionDialog.tsx';

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
  );
}
