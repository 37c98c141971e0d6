import { useSyncExternalStore } from 'react';
import { refreshToUpdate, subscribeToUpdate, updateReady } from './updates.ts';
import './offline.css';

/** "A new version is ready · Refresh": the app reloads only when the student presses Refresh. */
export function UpdatePrompt() {
  const ready = useSyncExternalStore(subscribeToUpdate, updateReady, () => false);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version is ready · </span>
      <button type="button" className="button button--quiet" onClick={refreshToUpdate}>
        Refresh
      </button>
    </div>
  );
}
