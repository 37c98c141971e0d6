import {
  CONFIRM_DELETE_ACCOUNT,
  DELETE_ACCOUNT_FAILED,
  LOGOUT_ERROR,
  LOGOUT_FAILED,
  SETTINGS_SAVE_FAILED,
  SETTINGS_SAVED,
  SETTINGS_TOAST_MS,
  type UserProfile,
} from '@brainboard/domain';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import { callEndpoint } from '../data/api/call.ts';
import { isApiError } from '../data/api/client.ts';
import { useNavigate } from '../router/routerContext.ts';
import { config } from '../config.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';
import { askToConfirm } from '../ui/notify.ts';
import { Modal } from '../ui/Modal.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { RemindersSettings } from '../reminders/RemindersSettings.tsx';
import { DeviceSettings } from './DeviceSettings.tsx';
import { ImportFromSchool } from '../lms/ImportFromSchool.tsx';
import { DefaultDueTime } from '../capture/DefaultDueTime.tsx';
import { leaveApp } from './leaveApp.ts';
import './settings.css';

// Sharing and the data download load with Settings' own chunk split off: only when shown.
const ShareSettings = lazy(() => import('../shares/ShareSettings.tsx'));
const DataSettings = lazy(() => import('../data-export/DataSettings.tsx'));

const toastOptions = { duration: SETTINGS_TOAST_MS };

/** The server answered (with a refusal), as opposed to no answer at all. */
const answered = (err: unknown) => isApiError(err) && err.status !== undefined;

export interface SettingsModalProps {
  open: boolean;
  onClose(): void;
  /**
   * The session user: undefined renders nothing; null closes the modal (docs/product.md, Screens).
   */
  user: UserProfile | null | undefined;
  /** Open at this part, scrolled to and focused (the welcome's first steps, the board's offer). */
  section?: SettingsSection | undefined;
}

/** A part of Settings another screen can open it at. */
export type SettingsSection = 'reminders' | 'school';

/** The Settings modal: AI opt-ins with Save Settings, reminders, this device, Logout, Danger Zone. */
export function SettingsModal({ open, onClose, user, section }: SettingsModalProps) {
  useEffect(() => {
    if (open && user === null) onClose();
  }, [open, user, onClose]);

  // A fresh form each time it opens, starting from the saved values.
  if (!user || !open) return null;
  return <SettingsDialog user={user} onClose={onClose} section={section} />;
}

/**
 * The AI choices wait for Save Settings (everything else applies at once), so closing with an
 * unsaved AI choice asks "Discard your changes?" first, as the editor does.
 */
function SettingsDialog({
  user,
  onClose,
  section,
}: {
  user: UserProfile;
  onClose(): void;
  section: SettingsSection | undefined;
}) {
  const start = useRef<HTMLElement | null>(null);
  const { mergeUser } = useSession();
  const navigate = useNavigate();
  const [aiHelp, setAiHelp] = useState(user.ai_help_enabled);
  const [deepDive, setDeepDive] = useState(user.ai_deep_dive_enabled);
  // What the server holds now: the values it opened with, then each saved pair.
  const [stored, setStored] = useState({ aiHelp, deepDive });
  const [busy, setBusy] = useState<'save' | 'logout' | 'delete' | null>(null);
  const dirty = config.aiEnabled && (aiHelp !== stored.aiHelp || deepDive !== stored.deepDive);
  const discard = useDiscardGuard(dirty, onClose);

  async function save() {
    const changes = { ai_help_enabled: aiHelp, ai_deep_dive_enabled: deepDive };
    setBusy('save');
    try {
      const answer = await callEndpoint(api, 'PATCH /api/user/:id', { id: user.id }, changes);
      mergeUser(answer?.updated ?? changes);
      setStored({ aiHelp, deepDive });
      toast.success(SETTINGS_SAVED, toastOptions);
    } catch (err) {
      if (isApiError(err) && err.kind === 'bad-response' && (err.status ?? 0) < 300) {
        // A non-JSON answer to a successful save is only logged.
        console.warn('Brainboard: the settings answer was not JSON.', err);
        mergeUser(changes);
        setStored({ aiHelp, deepDive });
        toast.success(SETTINGS_SAVED, toastOptions);
      } else {
        console.error('Brainboard: saving settings failed.', err);
        toast.error(SETTINGS_SAVE_FAILED, toastOptions);
      }
    } finally {
      setBusy(null);
    }
  }

  async function logout() {
    setBusy('logout');
    try {
      await callEndpoint(api, 'POST /api/auth/logout', {});
    } catch (err) {
      console.error('Brainboard: logout failed.', err);
      toast.error(answered(err) ? LOGOUT_FAILED : LOGOUT_ERROR, toastOptions);
      setBusy(null);
      return;
    }
    await leaveApp(navigate);
  }

  async function deleteAccount() {
    if (!(await askToConfirm(CONFIRM_DELETE_ACCOUNT))) return;
    setBusy('delete');
    try {
      await callEndpoint(api, 'DELETE /api/user/:id', { id: user.id });
    } catch (err) {
      console.error('Brainboard: deleting the account failed.', err);
      toast.error(DELETE_ACCOUNT_FAILED, toastOptions);
      setBusy(null);
      return;
    }
    await leaveApp(navigate);
  }

  return (
    <Modal
      open
      onClose={discard.requestClose}
      title="Settings"
      className="settings"
      {...(section ? { initialFocus: start } : {})}
    >
      <div className="settings__body">
        {config.aiEnabled && (
          <fieldset className="settings__group settings__ai">
            <legend>AI features</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={aiHelp}
                onChange={(event) => setAiHelp(event.target.checked)}
              />
              <span>Enable AI Help</span>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={deepDive}
                onChange={(event) => setDeepDive(event.target.checked)}
              />
              <span>Enable AI Deep Dive</span>
            </label>
            <div className="settings__actions">
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void save()}
              >
                Save Settings
              </button>
            </div>
          </fieldset>
        )}

        <SettingsPart which="reminders" section={section} startRef={start}>
          <RemindersSettings user={user} />
          <DefaultDueTime user={user} />
        </SettingsPart>

        <DeviceSettings />

        <SettingsPart which="school" section={section} startRef={start}>
          <ImportFromSchool />
        </SettingsPart>
        <Suspense fallback={null}>
          <ShareSettings />
          <DataSettings />
        </Suspense>
        <section className="settings__group" aria-labelledby="settings-streak">
          <h3 id="settings-streak">Your focus streak</h3>
          <p>
            Each day with a finished focus session adds one to your streak. Once a week you get a
            rest day: missing a single day keeps your streak as it is.
          </p>
        </section>

        <div className="settings__actions settings__account">
          <button
            type="button"
            className="button button--quiet"
            disabled={busy !== null}
            onClick={() => void logout()}
          >
            Logout
          </button>
        </div>

        <section className="settings__danger" aria-labelledby="settings-danger">
          <h3 id="settings-danger">Danger Zone</h3>
          <p>Deleting your account removes your assignments, files, chats and settings for good.</p>
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            onClick={() => void deleteAccount()}
          >
            Delete Account
          </button>
        </section>
      </div>
      {discard.prompt}
    </Modal>
  );
}

/**
 * A part of Settings another screen can open it at. When it is the one asked for, its section
 * takes the focus (the dialog moves it there on opening), which also scrolls it into view; its
 * heading names it for a screen reader.
 */
function SettingsPart({
  which,
  section,
  startRef,
  children,
}: {
  which: SettingsSection;
  section: SettingsSection | undefined;
  startRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const startHere = (wrapper: HTMLDivElement | null) => {
    if (section !== which || !wrapper) return;
    const target = wrapper.querySelector<HTMLElement>('section');
    target?.setAttribute('tabindex', '-1');
    startRef.current = target;
  };
  return (
    <div className="settings__part" ref={startHere}>
      {children}
    </div>
  );
}
