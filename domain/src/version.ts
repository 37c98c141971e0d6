/** Version comparison and the "What's new" dialog decision (docs/product.md, Behaviour). */
import type { ReleaseFeature, ReleaseNote, UserProfile } from './types.ts';

/**
 * Numeric comparison per dot-separated segment; missing or non-numeric segments count as 0.
 * Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = Number.parseInt(pa[i] ?? '0', 10) || 0;
    const y = Number.parseInt(pb[i] ?? '0', 10) || 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Features of releases newer than `lastUsedVersion` (null: every release) and not newer than
 * `currentVersion`, newest release first.
 */
export function whatsNewFeatures(
  notes: readonly ReleaseNote[],
  lastUsedVersion: string | null | undefined,
  currentVersion: string,
): ReleaseFeature[] {
  return notes
    .filter(
      (n) =>
        (lastUsedVersion == null || compareVersions(n.version, lastUsedVersion) > 0) &&
        compareVersions(n.version, currentVersion) <= 0,
    )
    .sort((x, y) => compareVersions(y.version, x.version))
    .flatMap((n) => n.features);
}

export interface WhatsNewDecision {
  /** Show the dialog. */
  open: boolean;
  /**
   * A new account (no version seen yet): the dialog welcomes them with first steps instead of
   * listing every release "since your last visit" (docs/product.md, Where Brainboard departs
   * from the specification). Closing it saves the versions as What's New does.
   */
  welcome: boolean;
  /** What the dialog lists; empty when it stays closed. */
  features: ReleaseFeature[];
  /** Set last_used_version to the current version without showing anything. */
  silentUpdate: boolean;
}

/**
 * Open when there are features newer than last_used_version (up to current) and
 * last_whats_new_version differs from current. When nothing is shown and last_used_version
 * differs from current, it is silently updated. A profile that has seen no version at all (a
 * new account) gets the welcome instead of the release history.
 */
export function whatsNewDecision(
  profile: Pick<UserProfile, 'last_used_version' | 'last_whats_new_version'>,
  notes: readonly ReleaseNote[],
  currentVersion: string,
): WhatsNewDecision {
  if (profile.last_used_version == null && profile.last_whats_new_version == null) {
    return { open: true, welcome: true, features: [], silentUpdate: false };
  }
  const features = whatsNewFeatures(notes, profile.last_used_version, currentVersion);
  const open = features.length > 0 && profile.last_whats_new_version !== currentVersion;
  return {
    open,
    welcome: false,
    features: open ? features : [],
    silentUpdate: !open && profile.last_used_version !== currentVersion,
  };
}

/** The user patch sent when the dialog closes (docs/product.md, Behaviour). */
export function whatsNewClosedPatch(currentVersion: string): {
  last_whats_new_version: string;
  last_used_version: string;
} {
  return { last_whats_new_version: currentVersion, last_used_version: currentVersion };
}
