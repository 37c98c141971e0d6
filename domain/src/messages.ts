/**
 * User-facing texts (docs/product.md, Limits and Messages, plus the few texts of Behaviour).
 * Quoted spec texts are copied character for character; texts the spec only describes are ours
 * and marked "(ours)". The date-picker text DATE_INPUT_NOT_VALID lives in dueDate.ts.
 */

// ---------------------------------------------------------------------------
// Validation

export const fileNotPdf = (name: string): string => `File ${name} is not a PDF.`;
export const fileTooLarge = (name: string): string =>
  `File ${name} is too large. Maximum allowed size is 20MB.`;
export const AI_SUGGEST_TITLE_REQUIRED =
  'Please enter an assignment title before requesting AI suggestions.';
export const NEW_ASSIGNMENT_WITHOUT_ID =
  'Backend did not return a valid new assignment with an ID.';

// ---------------------------------------------------------------------------
// Session and token

export const csrfFetchFailed = (status: number | string): string =>
  `Failed to fetch CSRF token: ${status}`;
export const nextDueFetchFailed = (status: number | string): string =>
  `Failed to fetch next due task: ${status}`;

// ---------------------------------------------------------------------------
// Assignments

export const ACCEPTANCE_SAVE_FAILED = 'Failed to save acceptance. Please try again.';
export const ACCEPTANCE_SAVE_ERROR = 'Error saving acceptance. Please try again.';
export const deleteAssignmentFailed = (detail: string): string =>
  `Failed to delete assignment: ${detail}`;
export const saveAssignmentFailed = (detail: string): string =>
  `Failed to save assignment: ${detail}`;
export const statusUpdateFailed = (detail: string): string =>
  `Failed to update assignment status: ${detail}`;
export const MOVE_ASSIGNMENT_FAILED = 'Failed to move assignment. Please try again.';

// ---------------------------------------------------------------------------
// Calendar

/** A calendar error containing this text means the user must grant calendar access again. */
const CALENDAR_ACCESS_NOT_GRANTED = 'Calendar access not granted';
const CALENDAR_SAVED = '✅ Assignment created/updated and saved to calendar successfully!';
const ASSIGNMENT_SAVED = 'Assignment created/updated successfully!';

/** Success text plus the server's message on a new line. */
export const calendarSaved = (serverMessage?: string | null): string =>
  serverMessage ? `${CALENDAR_SAVED}\n${serverMessage}` : CALENDAR_SAVED;
/** The save succeeded, the calendar needs access (note ours). */
export const calendarAccessMissing = (provider = 'Google'): string =>
  `${ASSIGNMENT_SAVED}\nTo save it to your calendar, sign out and sign in again with ${provider} to grant calendar access.`;
/** The save succeeded, the calendar step failed (ours). */
export const calendarFailed = (error: string): string =>
  `Assignment created/updated successfully, but adding it to the calendar failed: ${error}`;
/** True when a calendar error asks for re-authentication. */
export const isCalendarAccessError = (error: string | null | undefined): boolean =>
  (error ?? '').includes(CALENDAR_ACCESS_NOT_GRANTED);

// ---------------------------------------------------------------------------
// Subtasks, notes and files

export const updateSubtaskFailed = (message: string): string =>
  `Failed to update subtask: ${message}`;
export const deleteSubtaskFailed = (message: string): string =>
  `Failed to delete subtask: ${message}`;
export const saveSubtaskFailed = (message: string): string => `Failed to save subtask: ${message}`;
export const deleteNoteFailed = (message: string): string => `Failed to delete note: ${message}`;
export const saveNoteFailed = (message: string): string => `Failed to save note: ${message}`;
export const saveSubtasksFailed = (message: string): string =>
  `Failed to save subtasks: ${message}`;
export const uploadPdfFailed = (error?: string | null): string =>
  `Failed to upload PDF: ${error || 'Unknown error'}`;

// ---------------------------------------------------------------------------
// AI

export const AI_NO_SUBTASKS =
  'AI could not generate subtasks for this assignment. Please try adding more details to the title or description.';
export const AI_SUGGESTIONS_FAILED = 'Failed to get AI suggestions. Please try again.';
/** Chat error area text when the error has no message. */
export const CHAT_ERROR_FALLBACK = 'Error';
/** Assistant message appended when a chat reply fails. */
export const CHAT_ERROR_REPLY = 'Sorry, error.';
export const DEEP_DIVE_ERROR_SNIPPET =
  'Error: Failed to generate deep dive content. Please try again.';
export const deepDiveErrorFull = (message: string): string => `Error occurred: ${message}`;

// ---------------------------------------------------------------------------
// Settings toasts (shown 3 s)

export const SETTINGS_SAVED = 'Settings saved';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings. Please try again.';
export const LOGOUT_FAILED = 'Logout failed';
export const LOGOUT_ERROR = 'Logout error';
export const DELETE_ACCOUNT_FAILED = 'Failed to delete account';

// ---------------------------------------------------------------------------
// Focus fetch failure

export const FOCUS_OFFLINE_CACHED = 'You are offline. Showing cached task data.';
export const FOCUS_CACHE_STALE =
  'This task data is more than 24 hours old. Connect to the internet to refresh.';
export const FOCUS_FETCH_FAILED =
  'Unable to fetch your next task. Please check your connection and try again.';
export const FOCUS_FETCH_FAILED_CACHE_EXPIRED =
  'Unable to fetch your next task and cached data has expired. Please check your connection and try again.';

// ---------------------------------------------------------------------------
// Confirmations and consent prompts

export const AI_CONSENT_PROMPT =
  'Assignment details will be sent to an external AI service for processing. Do you consent to continue?';
/** (ours) For AI help with an attached file. */
export const AI_FILE_CONSENT_PROMPT =
  'Assignment details and the attached file will be sent to an external AI service for processing. Do you consent to continue?';
/** (ours) For deep dive. */
export const DEEP_DIVE_CONSENT_PROMPT =
  'Assignment details will be sent to an external AI service to generate deep-dive content. Do you consent to continue?';
export const CONFIRM_DELETE_ACCOUNT =
  'Are you sure you want to delete your account? This action is permanent and cannot be undone.';
export const CONFIRM_DELETE_ASSIGNMENT =
  'Are you sure you want to delete this assignment? This action cannot be undone.';
export const CONFIRM_DELETE_SUBTASK =
  'Are you sure you want to delete this subtask? This action cannot be undone.';
export const CONFIRM_DELETE_NOTE =
  'Are you sure you want to delete this note? This action cannot be undone.';

// ---------------------------------------------------------------------------
// Focus completion

export const focusSnackbar = (streak: number): string => `Focus gem +1 · Streak ${streak}`;
export const FOCUS_COMPLETE_OVERLAY = 'FOCUS COMPLETE!';
