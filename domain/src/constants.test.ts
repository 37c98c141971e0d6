import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('constants', () => {
  it('has the current version 0.3.0', () => {
    expect(c.APP_VERSION).toBe('0.3.0');
  });

  it('has the field limits and PDF size', () => {
    expect(c.TITLE_MAX_LENGTH).toBe(125);
    expect(c.DESCRIPTION_MAX_LENGTH).toBe(2000);
    expect(c.SUBTASK_MAX_LENGTH).toBe(125);
    expect(c.NOTE_MAX_LENGTH).toBe(1000);
    expect(c.CHAT_INPUT_MAX_LENGTH).toBe(1024);
    expect(c.CHAT_COUNTER_LIMIT).toBe(512);
    expect(c.PDF_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(c.PDF_MAX_FILES).toBe(1);
  });

  it('has the counter warning thresholds 90, 1250, 500, 512', () => {
    expect([
      c.TITLE_WARN_THRESHOLD,
      c.DESCRIPTION_WARN_THRESHOLD,
      c.NOTE_WARN_THRESHOLD,
      c.CHAT_WARN_THRESHOLD,
    ]).toEqual([90, 1250, 500, 512]);
  });

  it('has the focus timer, gate and progress numbers', () => {
    expect(c.FOCUS_TIMER_MS).toBe(25 * 60 * 1000);
    expect(c.FOCUS_TICK_MS).toBe(100);
    expect(c.FOCUS_GATE_THRESHOLD).toBe(0.8);
    expect(c.PROGRESS_TIMER_WEIGHT).toBe(0.4);
    expect(c.PROGRESS_SUBTASK_WEIGHT).toBe(0.6);
    expect(c.PROGRESS_TIMER_WEIGHT + c.PROGRESS_SUBTASK_WEIGHT).toBe(1);
    expect(c.TIMER_STATE_EXPIRY_MS).toBe(1_800_000);
    expect(c.FOCUS_CACHE_EXPIRY_MS).toBe(86_400_000);
    expect(c.HIDDEN_TAB_THRESHOLD_MS).toBe(100);
    expect(c.FOCUS_TIMER_RING_RADIUS).toBe(45);
  });

  it('has the default due time 08:00 AM and the selector options', () => {
    expect([c.DEFAULT_DUE_HOUR, c.DEFAULT_DUE_MINUTE, c.DEFAULT_DUE_AMPM]).toEqual([
      '08',
      '00',
      'AM',
    ]);
  });

  it('has the date picker settings', () => {
    expect(c.DATE_PICKER_DISPLAY_FORMAT).toBe('MM/dd/yyyy');
    expect(c.DATE_PICKER_TIME_INTERVAL_MINUTES).toBe(30);
    expect(c.DATE_PICKER_YEARS_PER_PAGE).toBe(12);
    expect(c.DATE_PICKER_MONTHS_SHOWN).toBe(1);
    expect([c.DATE_PICKER_YEAR_DROPDOWN_MIN, c.DATE_PICKER_YEAR_DROPDOWN_MAX]).toEqual([
      1900, 2100,
    ]);
    expect(c.DATE_PICKER_MIN_YEAR).toBe(1800);
    expect(c.DATE_INPUT_ERROR_CODE).toBe(1);
  });

  it('has the urgency day thresholds 0, 1, 2, 7, 10', () => {
    expect([
      c.URGENCY_TODAY_DAYS,
      c.URGENCY_TOMORROW_DAYS,
      c.URGENCY_TWO_DAYS,
      c.URGENCY_WEEK_DAYS,
      c.URGENCY_SOON_DAYS,
    ]).toEqual([0, 1, 2, 7, 10]);
  });

  it('has the timings', () => {
    expect(c.SETTINGS_TOAST_MS).toBe(3000);
    expect(c.SNACKBAR_MS).toBe(4000);
    expect(c.SNACKBAR_FADE_MS).toBe(300);
    expect(c.TIMER_SAVE_DEBOUNCE_MS).toBe(100);
    expect([c.DROP_ANIMATION_MIN_MS, c.DROP_ANIMATION_MAX_MS]).toEqual([330, 550]);
    expect([
      c.AUTO_SCROLL_START_FRACTION,
      c.AUTO_SCROLL_MAX_FRACTION,
      c.AUTO_SCROLL_MAX_PX,
    ]).toEqual([0.25, 0.05, 28]);
  });

  it('has the celebration and loading-screen numbers', () => {
    expect(c.CONFETTI_DEFAULT_PARTICLES).toBe(80);
    expect(c.CONFETTI_DEFAULT_DURATION_MS).toBe(900);
    expect(c.CONFETTI_COMPLETION_DURATION_MS).toBe(1500);
    expect(c.CONFETTI_SPREAD).toBe(70);
    expect([c.BUBBLES_DURATION_MS, c.BUBBLES_COUNT]).toEqual([1400, 15]);
    expect([c.PET_DURATION_MS, c.PET_PARTICLES]).toEqual([1300, 8]);
    expect(c.NEON_OVERLAY_MS).toBe(1200);
    expect(c.SUBTASK_CELEBRATION_MS).toBe(900);
    expect(c.LOADING_BUBBLE_COUNT).toBe(10);
    expect(c.LOADING_POP_VIBRATION_MS).toBe(10);
  });

  it('has the modal sizes', () => {
    expect([c.MODAL_MAX_WIDTH, c.MODAL_MAX_HEIGHT]).toEqual(['95vw', '90vh']);
  });

  it('names the eight deep-dive tools exactly, and a 100-character snippet', () => {
    expect(c.DEEP_DIVE_TOOLS).toEqual([
      'Thought Provoker',
      'Analogy Generator',
      'Trend Spotter',
      'Interactive Mind Mapping',
      'Feedback Loop',
      'Emotion & Tone Advisor',
      'Time Machine Feature',
      'Inspiration Portal',
    ]);
    expect(c.DEEP_DIVE_SNIPPET_LENGTH).toBe(100);
  });

  it('lists the three statuses with "new" as default', () => {
    expect(c.ASSIGNMENT_STATUSES).toEqual(['new', 'in progress', 'done']);
    expect(c.DEFAULT_STATUS).toBe('new');
  });

  it('has the legal page terms', () => {
    expect(c.LEGAL_TERMS).toEqual({
      consentLogRetentionYears: 6,
      dataRetentionAfterDeletionDays: 30,
      rightsRequestResponseDays: 30,
      minimumAge: 13,
      liabilityCapUsd: 100,
      arbitrationOptOutDays: 30,
    });
  });
});
