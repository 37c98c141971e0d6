import { describe, expect, it } from 'vitest';
import { makeAssignment } from '@brainboard/domain/testing';
import { changedFields, openDraft, rebaseDraft, resolveConflict, valuesOf } from './editorForm.ts';

const opened = makeAssignment({
  id: 'a1',
  title: 'Histroy essay',
  description: 'Original outline',
  due_date: '2026-12-01',
  status: 'new',
});
const remote = (over: Parameters<typeof makeAssignment>[0]) =>
  valuesOf(makeAssignment({ ...opened, ...over }));

describe('the editor draft', () => {
  it("opens a new assignment with quick add's title and due date as the student's own input", () => {
    const draft = openDraft(undefined, 'new', {
      title: 'Lab report',
      due_date: '2026-12-03T17:00:00',
    });
    expect(draft.form).toMatchObject({
      title: 'Lab report',
      due_date: '2026-12-03T17:00:00',
      due_hour: '17',
      due_minute: '00',
      status: 'new',
    });
    // Typed, not opened with: Create sends them and closing asks before dropping them.
    expect(changedFields(draft.base, draft.form)).toEqual({
      title: 'Lab report',
      due_date: '2026-12-03T17:00:00',
    });
  });

  it('sends only what the student changed, not fields changed elsewhere meanwhile', () => {
    let draft = openDraft(opened);
    draft = { ...draft, form: { ...draft.form, title: 'History essay' } };
    draft = rebaseDraft(
      draft,
      remote({ id: 'a1', status: 'done', description: 'Outline plus three sources' }),
    );
    expect(draft.form.description).toBe('Outline plus three sources');
    expect(draft.form.status).toBe('done');
    expect(draft.conflicts).toEqual({});
    expect(changedFields(draft.base, draft.form)).toEqual({ title: 'History essay' });
  });

  it('never writes back a legacy date-only due date the student did not touch', () => {
    const draft = openDraft(opened);
    expect(draft.form.due_date).toBe('2026-12-01T08:00:00');
    expect(changedFields(draft.base, draft.form)).toEqual({});
  });

  it("keeps the student's text when the same field changed elsewhere, and records the other", () => {
    let draft = openDraft(opened);
    draft = { ...draft, form: { ...draft.form, description: 'Mine' } };
    draft = rebaseDraft(draft, remote({ id: 'a1', description: 'Theirs' }));
    expect(draft.form.description).toBe('Mine');
    expect(draft.conflicts).toEqual({ description: 'Theirs' });
    expect(changedFields(draft.base, draft.form)).toEqual({ description: 'Mine' });

    const kept = resolveConflict(draft, 'description', 'mine');
    expect(kept.conflicts).toEqual({});
    expect(changedFields(kept.base, kept.form)).toEqual({ description: 'Mine' });

    const taken = resolveConflict(draft, 'description', 'theirs');
    expect(taken.form.description).toBe('Theirs');
    expect(changedFields(taken.base, taken.form)).toEqual({});
  });

  it('settles a conflict when the other device reaches the same value or changes back', () => {
    let draft = openDraft(opened);
    draft = { ...draft, form: { ...draft.form, title: 'New title' } };
    draft = rebaseDraft(draft, remote({ id: 'a1', title: 'Other title' }));
    expect(draft.conflicts).toEqual({ title: 'Other title' });
    const back = rebaseDraft(draft, remote({ id: 'a1' }));
    expect(back.conflicts).toEqual({});
    expect(back.form.title).toBe('New title');
    const same = rebaseDraft(draft, remote({ id: 'a1', title: 'New title' }));
    expect(same.conflicts).toEqual({});
    expect(changedFields(same.base, same.form)).toEqual({});
  });

  it('follows a due date changed elsewhere with its hour and minute', () => {
    const draft = rebaseDraft(
      openDraft(opened),
      remote({ id: 'a1', due_date: '2026-12-03T15:45:00' }),
    );
    expect(draft.form).toMatchObject({
      due_date: '2026-12-03T15:45:00',
      due_hour: '15',
      due_minute: '45',
      due_ampm: 'PM',
    });
    expect(changedFields(draft.base, draft.form)).toEqual({});
  });

  it('returns the same draft when nothing changed elsewhere', () => {
    const draft = openDraft(opened);
    expect(rebaseDraft(draft, valuesOf(opened))).toBe(draft);
  });
});
