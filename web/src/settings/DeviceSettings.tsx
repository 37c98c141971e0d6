import {
  canVibrate,
  HAPTIC_INTENSITIES,
  type HapticIntensity,
  type HapticSettings,
} from '../feedback/haptics.ts';
import { useFeedbackSettings } from '../feedback/useFeedbackSettings.ts';
import { setThemePreference, type ThemePreference } from '../theme/theme.ts';
import { useTheme } from '../theme/useTheme.ts';

const THEMES: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

const INTENSITY_LABELS: Record<HapticIntensity, string> = {
  light: 'Light',
  medium: 'Medium',
  strong: 'Strong',
};

const MOMENTS: { key: 'timerComplete' | 'taskComplete' | 'subtaskComplete'; label: string }[] = [
  { key: 'timerComplete', label: 'When the focus timer ends' },
  { key: 'taskComplete', label: 'When a task is complete' },
  { key: 'subtaskComplete', label: 'When a subtask is ticked' },
];

/** Theme, sound and vibration: kept on this device and applied at once. */
export function DeviceSettings() {
  const { preference } = useTheme();
  const { muted, setMuted, haptics, setHaptics } = useFeedbackSettings();
  const vibrates = canVibrate();
  const change = (fields: Partial<HapticSettings>) => setHaptics({ ...haptics, ...fields });

  return (
    <section className="settings__device" aria-labelledby="settings-device">
      <h3 id="settings-device">On this device</h3>
      <p className="settings__note">These apply right away.</p>

      <fieldset className="settings__group">
        <legend>Theme</legend>
        <div className="settings__choices">
          {THEMES.map((theme) => (
            <label key={theme.value} className="check">
              <input
                type="radio"
                name="theme"
                value={theme.value}
                checked={preference === theme.value}
                onChange={() => setThemePreference(theme.value)}
              />
              <span>{theme.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <label className="check">
        <input
          type="checkbox"
          checked={!muted}
          onChange={(event) => setMuted(!event.target.checked)}
        />
        <span>Play sounds</span>
      </label>

      {vibrates && (
        <fieldset className="settings__group">
          <legend>Vibration</legend>
          <label className="check">
            <input
              type="checkbox"
              checked={haptics.enabled}
              onChange={(event) => change({ enabled: event.target.checked })}
            />
            <span>Vibrate</span>
          </label>
          <fieldset className="settings__group settings__group--inner" disabled={!haptics.enabled}>
            <legend>Strength</legend>
            <div className="settings__choices">
              {HAPTIC_INTENSITIES.map((intensity) => (
                <label key={intensity} className="check">
                  <input
                    type="radio"
                    name="haptic-intensity"
                    value={intensity}
                    checked={haptics.intensity === intensity}
                    onChange={() => change({ intensity })}
                  />
                  <span>{INTENSITY_LABELS[intensity]}</span>
                </label>
              ))}
            </div>
            {MOMENTS.map((moment) => (
              <label key={moment.key} className="check">
                <input
                  type="checkbox"
                  checked={haptics[moment.key]}
                  onChange={(event) => change({ [moment.key]: event.target.checked })}
                />
                <span>{moment.label}</span>
              </label>
            ))}
          </fieldset>
        </fieldset>
      )}
    </section>
  );
}
