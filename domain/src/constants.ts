/** Product constants (docs/product.md, Constants, and the fixed values it refers to). */

/** Current app version (docs/product.md, Constants). */
export const APP_VERSION = '0.3.0';

// ---------------------------------------------------------------------------
// Assignment status (docs/product.md, Data the student sees and Behaviour)

/** The three board columns, in display order (docs/product.md, Data the student sees). */
export const ASSIGNMENT_STATUSES = ['new', 'in progress', 'done'] as const;
export type Status = (typeof ASSIGNMENT_STATUSES)[number];
/** The name a student sees for each status: the board's column titles. */
export const STATUS_LABELS: Readonly<Record<Status, string>> = {
  new: 'New',
  'in progress': 'In progress',
  done: 'Done',
};
/** "new" is the default when the status is empty (docs/product.md, Behaviour). */
export const DEFAULT_STATUS: Status = 'new';

// ---------------------------------------------------------------------------
// Limits and counters (docs/product.md, Limits and Constants)

export const TITLE_MAX_LENGTH = 125;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const SUBTASK_MAX_LENGTH = 125;
export const NOTE_MAX_LENGTH = 1000;
/** The chat input element refuses more than this many characters. */
export const CHAT_INPUT_MAX_LENGTH = 1024;
/** The chat counter reads "n/512". */
export const CHAT_COUNTER_LIMIT = 512;
/** 20 MB. */
export const PDF_MAX_BYTES = 20_971_520;
export const PDF_MAX_FILES = 1;

/**
 * (ours) Most subtasks and notes one assignment may hold; keeps a document well inside
 * Firestore's 1 MiB. The spec gives no count.
 */
export const SUBTASKS_MAX_COUNT = 200;
export const NOTES_MAX_COUNT = 200;

/** Counters turn red when the length is strictly above these (docs/product.md, Limits). */
export const TITLE_WARN_THRESHOLD = 90;
export const DESCRIPTION_WARN_THRESHOLD = 1250;
export const NOTE_WARN_THRESHOLD = 500;
export const CHAT_WARN_THRESHOLD = 512;

// ---------------------------------------------------------------------------
// Focus mode (docs/product.md, Behaviour and Constants)

/** 25 minutes. */
export const FOCUS_TIMER_MS = 1_500_000;
export const FOCUS_TICK_MS = 100;
/** The gate opens at 80 % of the timer. */
export const FOCUS_GATE_THRESHOLD = 0.8;
export const PROGRESS_TIMER_WEIGHT = 0.4;
export const PROGRESS_SUBTASK_WEIGHT = 0.6;
/** Saved timer state older than this is discarded (30 min). */
export const TIMER_STATE_EXPIRY_MS = 30 * 60 * 1000;
/** Debounce for saving the timer state locally (docs/architecture.md). */
export const TIMER_SAVE_DEBOUNCE_MS = 100;
/** The cached next-due task expires after 24 h. */
export const FOCUS_CACHE_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Hidden time is subtracted only when it exceeds this. */
export const HIDDEN_TAB_THRESHOLD_MS = 100;
/** Radius of the timer ring (docs/product.md, Screens). */
export const FOCUS_TIMER_RING_RADIUS = 45;

// ---------------------------------------------------------------------------
// Due dates (docs/product.md, Data the student sees, Behaviour and Constants)

/** Default time of day, 08:00 AM. */
export const DEFAULT_DUE_HOUR = '08';
export const DEFAULT_DUE_MINUTE = '00';
export const DEFAULT_DUE_AMPM = 'AM';
/** Date picker defaults. */
export const DATE_PICKER_DISPLAY_FORMAT = 'MM/dd/yyyy';
export const DATE_PICKER_TIME_INTERVAL_MINUTES = 30;
export const DATE_PICKER_YEARS_PER_PAGE = 12;
export const DATE_PICKER_MONTHS_SHOWN = 1;
export const DATE_PICKER_YEAR_DROPDOWN_MIN = 1900;
export const DATE_PICKER_YEAR_DROPDOWN_MAX = 2100;
/** Dates before this year are invalid in the picker (docs/product.md, Limits). */
export const DATE_PICKER_MIN_YEAR = 1800;
/** The picker's input-error code for unparseable input (docs/product.md, Limits). */
export const DATE_INPUT_ERROR_CODE = 1;

/** Urgency day thresholds 0, 1, 2, 7, 10 (docs/product.md, Behaviour and Constants). */
export const URGENCY_TODAY_DAYS = 0;
export const URGENCY_TOMORROW_DAYS = 1;
export const URGENCY_TWO_DAYS = 2;
export const URGENCY_WEEK_DAYS = 7;
/** Due within this many days: white badge. */
export const URGENCY_SOON_DAYS = 10;

// ---------------------------------------------------------------------------
// Timings (docs/architecture.md; docs/product.md, Constants)

export const DROP_ANIMATION_MIN_MS = 330;
export const DROP_ANIMATION_MAX_MS = 550;
/** Auto-scroll starts at 25 % from the edge, peaks at 5 %, at most 28 px per step. */
export const AUTO_SCROLL_START_FRACTION = 0.25;
export const AUTO_SCROLL_MAX_FRACTION = 0.05;
export const AUTO_SCROLL_MAX_PX = 28;
export const SETTINGS_TOAST_MS = 3000;
export const SNACKBAR_MS = 4000;
export const SNACKBAR_FADE_MS = 300;

// Celebrations
export const CONFETTI_DEFAULT_PARTICLES = 80;
export const CONFETTI_DEFAULT_DURATION_MS = 900;
/** The completion burst (a card moved into Done, Focus Mode's "Mark as done") lasts longer. */
export const CONFETTI_COMPLETION_DURATION_MS = 1500;
export const CONFETTI_SPREAD = 70;
export const BUBBLES_DURATION_MS = 1400;
export const BUBBLES_COUNT = 15;
export const PET_DURATION_MS = 1300;
export const PET_PARTICLES = 8;
export const NEON_OVERLAY_MS = 1200;
export const SUBTASK_CELEBRATION_MS = 900;

// Loading screen
export const LOADING_BUBBLE_COUNT = 10;
export const LOADING_POP_VIBRATION_MS = 10;

// ---------------------------------------------------------------------------
// Modal sizes (docs/product.md, Screens and Constants)

export const MODAL_MAX_WIDTH = '95vw';
export const MODAL_MAX_HEIGHT = '90vh';

// ---------------------------------------------------------------------------
// AI deep dive (docs/product.md, Constants)

/** A deep-dive snippet is the first 100 characters of the response. */
export const DEEP_DIVE_SNIPPET_LENGTH = 100;
/** The eight deep-dive tools, names exactly as in docs/product.md, Constants. */
export const DEEP_DIVE_TOOLS = [
  'Thought Provoker',
  'Analogy Generator',
  'Trend Spotter',
  'Interactive Mind Mapping',
  'Feedback Loop',
  'Emotion & Tone Advisor',
  'Time Machine Feature',
  'Inspiration Portal',
] as const;
export type DeepDiveTool = (typeof DEEP_DIVE_TOOLS)[number];

// ---------------------------------------------------------------------------
// Legal page terms (docs/product.md, Constants)

export const LEGAL_TERMS = {
  consentLogRetentionYears: 6,
  dataRetentionAfterDeletionDays: 30,
  rightsRequestResponseDays: 30,
  minimumAge: 13,
  liabilityCapUsd: 100,
  arbitrationOptOutDays: 30,
} as const;
