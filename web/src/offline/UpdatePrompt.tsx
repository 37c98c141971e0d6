import { useSyncExternalStore } from 'react';
import { refreshToUpdate, subscribeToUpdate, updateState, type UpdateState } from './updates.ts';
import './offline.css';

const none = (): UpdateState => 'none';

/**
 * "A new version is ready · Refresh": the app reloads only when the student presses Refresh,
 * and from the press on the prompt says the new version is loading.
 */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribeToUpdate, updateState, none);
  if (state === 'none') return null;
  return (
    <div className="update-prompt" role="status">
      {state === 'loading' ? (
        <span>Loading the new version…</span>
      ) : (
        <>
          <span>A new version is ready · </span>
          <button type="button" className="button button--quiet" onClick={refreshToUpdate}>
            Refresh
          </button>
        </>
      )}
    </div>
  );
}
