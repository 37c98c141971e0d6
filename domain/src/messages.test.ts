import { describe, expect, it } from 'vitest';
import * as m from './messages.ts';

describe('validation texts', () => {
  it('names the file in the PDF messages', () => {
    expect(m.fileNotPdf('notes.docx')).toBe('File notes.docx is not a PDF.');
    expect(m.fileTooLarge('big.pdf')).toBe(
      'File big.pdf is too large. Maximum allowed size is 20MB.',
    );
  });
  it('has the AI title and new-assignment texts', () => {
    expect(m.AI_SUGGEST_TITLE_REQUIRED).toBe(
      'Please enter an assignment title before requesting AI suggestions.',
    );
    expect(m.NEW_ASSIGNMENT_WITHOUT_ID).toBe(
      'Backend did not return a valid new assignment with an ID.',
    );
  });
});

describe('session and token texts', () => {
  it('has the CSRF and next-due texts', () => {
    expect(m.csrfFetchFailed(503)).toBe('Failed to fetch CSRF token: 503');
    expect(m.nextDueFetchFailed(500)).toBe('Failed to fetch next due task: 500');
  });
});

describe('assignments', () => {
  it('has the consent save texts', () => {
    expect(m.ACCEPTANCE_SAVE_FAILED).toBe('Failed to save acceptance. Please try again.');
    expect(m.ACCEPTANCE_SAVE_ERROR).toBe('Error saving acceptance. Please try again.');
  });
  it('prefixes delete, save and status failures', () => {
    expect(m.deleteAssignmentFailed('Please try again.')).toBe(
      'Failed to delete assignment: Please try again.',
    );
    expect(m.saveAssignmentFailed('title is required.')).toBe(
      'Failed to save assignment: title is required.',
    );
    expect(m.statusUpdateFailed('Forbidden')).toBe('Failed to update assignment status: Forbidden');
    expect(m.MOVE_ASSIGNMENT_FAILED).toBe('Failed to move assignment. Please try again.');
  });
});

describe('calendar', () => {
  it('appends the server message to the success text', () => {
    expect(m.calendarSaved('Event created')).toBe(
      '✅ Assignment created/updated and saved to calendar successfully!\nEvent created',
    );
    expect(m.calendarSaved()).toBe(
      '✅ Assignment created/updated and saved to calendar successfully!',
    );
  });
  it('asks to re-authenticate when calendar access is missing', () => {
    expect(m.isCalendarAccessError('Error: Calendar access not granted for user')).toBe(true);
    expect(m.isCalendarAccessError('quota exceeded')).toBe(false);
    expect(m.isCalendarAccessError(undefined)).toBe(false);
    const text = m.calendarAccessMissing('Google');
    expect(text.startsWith('Assignment created/updated successfully!')).toBe(true);
    expect(text).toMatch(/sign in again with Google/);
  });
  it('says the save succeeded but the calendar failed, followed by the error', () => {
    const text = m.calendarFailed('quota exceeded');
    expect(text).toMatch(/successfully/);
    expect(text).toMatch(/calendar failed/);
    expect(text.endsWith('quota exceeded')).toBe(true);
  });
});

describe('subtasks, notes and files', () => {
  it('prefixes each failure', () => {
    expect(m.updateSubtaskFailed('x')).toBe('Failed to update subtask: x');
    expect(m.deleteSubtaskFailed('x')).toBe('Failed to delete subtask: x');
    expect(m.saveSubtaskFailed('x')).toBe('Failed to save subtask: x');
    expect(m.deleteNoteFailed('x')).toBe('Failed to delete note: x');
    expect(m.saveNoteFailed('x')).toBe('Failed to save note: x');
    expect(m.saveSubtasksFailed('x')).toBe('Failed to save subtasks: x');
  });
  it('falls back to "Unknown error" for uploads', () => {
    expect(m.uploadPdfFailed('too big')).toBe('Failed to upload PDF: too big');
    expect(m.uploadPdfFailed()).toBe('Failed to upload PDF: Unknown error');
    expect(m.uploadPdfFailed('')).toBe('Failed to upload PDF: Unknown error');
  });
});

describe('AI', () => {
  it('has the AI texts', () => {
    expect(m.AI_NO_SUBTASKS).toBe(
      'AI could not generate subtasks for this assignment. Please try adding more details to the title or description.',
    );
    expect(m.AI_SUGGESTIONS_FAILED).toBe('Failed to get AI suggestions. Please try again.');
    expect(m.CHAT_ERROR_FALLBACK).toBe('Error');
    expect(m.CHAT_ERROR_REPLY).toBe('Sorry, error.');
    expect(m.DEEP_DIVE_ERROR_SNIPPET).toBe(
      'Error: Failed to generate deep dive content. Please try again.',
    );
    expect(m.deepDiveErrorFull('timeout')).toBe('Error occurred: timeout');
  });
});

describe('settings toasts', () => {
  it('has the five toasts', () => {
    expect([
      m.SETTINGS_SAVED,
      m.SETTINGS_SAVE_FAILED,
      m.LOGOUT_FAILED,
      m.LOGOUT_ERROR,
      m.DELETE_ACCOUNT_FAILED,
    ]).toEqual([
      'Settings saved',
      'Failed to save settings. Please try again.',
      'Logout failed',
      'Logout error',
      'Failed to delete account',
    ]);
  });
});

describe('focus fetch failure', () => {
  it('has the four texts', () => {
    expect(m.FOCUS_OFFLINE_CACHED).toBe('You are offline. Showing cached task data.');
    expect(m.FOCUS_CACHE_STALE).toBe(
      'This task data is more than 24 hours old. Connect to the internet to refresh.',
    );
    expect(m.FOCUS_FETCH_FAILED).toBe(
      'Unable to fetch your next task. Please check your connection and try again.',
    );
    expect(m.FOCUS_FETCH_FAILED_CACHE_EXPIRED).toBe(
      'Unable to fetch your next task and cached data has expired. Please check your connection and try again.',
    );
  });
});

describe('confirmations and consent prompts', () => {
  it('has the consent prompt and its variants', () => {
    expect(m.AI_CONSENT_PROMPT).toBe(
      'Assignment details will be sent to an external AI service for processing. Do you consent to continue?',
    );
    expect(m.AI_FILE_CONSENT_PROMPT).toMatch(/attached file.*Do you consent to continue\?$/);
    expect(m.DEEP_DIVE_CONSENT_PROMPT).toMatch(/deep-dive.*Do you consent to continue\?$/);
  });
  it('has the four deletion confirmations', () => {
    expect(m.CONFIRM_DELETE_ACCOUNT).toBe(
      'Are you sure you want to delete your account? This action is permanent and cannot be undone.',
    );
    expect(m.CONFIRM_DELETE_ASSIGNMENT).toBe(
      'Are you sure you want to delete this assignment? This action cannot be undone.',
    );
    expect(m.CONFIRM_DELETE_SUBTASK).toBe(
      'Are you sure you want to delete this subtask? This action cannot be undone.',
    );
    expect(m.CONFIRM_DELETE_NOTE).toBe(
      'Are you sure you want to delete this note? This action cannot be undone.',
    );
  });
});

describe('focus completion texts', () => {
  it('has the snackbar and overlay texts', () => {
    expect(m.focusSnackbar(3)).toBe('Focus gem +1 · Streak 3');
    expect(m.FOCUS_COMPLETE_OVERLAY).toBe('FOCUS COMPLETE!');
  });
});
