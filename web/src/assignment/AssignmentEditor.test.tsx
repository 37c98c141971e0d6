import {
  CONFIRM_DELETE_NOTE,
  CONFIRM_DELETE_SUBTASK,
  NEW_ASSIGNMENT_WITHOUT_ID,
  type Assignment,
} from '@brainboard/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../data/api/client.ts';
import { makeAssignment } from '@brainboard/domain/testing';
import { FocusModeContext } from '../focus/focusContext.ts';
import { api as fake } from '../data/testApi.ts';
import * as notify from '../ui/notify.ts';

vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);
vi.mock('../ai/SuggestSubtasksButton.tsx', () => ({
  SuggestSubtasksButton: (p: {
    onApprove(t: { id: string; title: string }[]): void;
    existingSubtasks: string[];
  }) => (
    <button
      type="button"
      onClick={() =>
        p.onApprove([
          { id: 'suggested-1-0', title: '  Outline ' },
          { id: 'suggested-1-1', title: '' },
          { id: 'suggested-1-2', title: 'Sources' },
        ])
      }
    >
      Suggest ({p.existingSubtasks.length})
    </button>
  ),
}));
vi.mock('../ai/AssignmentAiActions.tsx', () => ({
  AssignmentAiActions: (p: { fileId?: string }) => (
    <span data-file-id={p.fileId ?? ''}>AI actions</span>
  ),
}));

const { AssignmentEditor } = await import('./AssignmentEditor.tsx');

const base: Assignment = makeAssignment({
  id: 'a1',
  title: 'Essay',
  description: 'About bees',
  due_date: '2026-12-01T08:00:00',
  subtasks: [
    { id: 's1', title: 'Read', completed: false, created_date: '2026-11-01' },
    { id: 's2', title: 'Write', completed: true, created_date: '2026-11-01' },
  ],
  notes: [{ id: 'n1', text: 'Library on Monday', created_date: '2026-11-01' }],
});

const focusOpen = vi.fn();
function wrap(ui: ReactNode) {
  return (
    <FocusModeContext.Provider value={{ open: focusOpen, isOpen: false, gateLocked: false }}>
      {ui}
    </FocusModeContext.Provider>
  );
}

function setup(props: Partial<Parameters<typeof AssignmentEditor>[0]> = {}) {
  const handlers = {
    onClose: vi.fn(),
    onSaved: vi.fn(),
    onAssignmentChanged: vi.fn(),
  };
  const user = userEvent.setup();
  const view = render(wrap(<AssignmentEditor {...handlers} {...props} />));
  return { user, ...handlers, view };
}

let alerts: string[];
let confirms: string[];
let confirmAnswer: boolean;

beforeEach(() => {
  alerts = [];
  confirms = [];
  confirmAnswer = true;
  vi.spyOn(notify, 'showAlert').mockImplementation(async (m) => void alerts.push(m));
  vi.spyOn(notify, 'askToConfirm').mockImplementation(async (m) => {
    confirms.push(m);
    return confirmAnswer;
  });
  for (const fn of Object.values(fake)) fn.mockReset();
  fake.request.mockImplementation((method: string, path: string, init?: { body?: unknown }) => {
    const verb = method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    return (fake[verb] as (p: string, b?: unknown) => unknown)(path, init?.body);
  });
  focusOpen.mockReset();
});
afterEach(() => vi.restoreAllMocks());

const title = () => screen.getByLabelText('Title') as HTMLInputElement;
const openDetails = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Description, Status, Notes, Files' }));

describe('AssignmentEditor: create', () => {
  it('shows "Create", counts the title, turns red above 90 and refuses more than 125', async () => {
    const { user } = setup();
    expect(screen.getByRole('dialog', { name: 'Add Assignment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByText('0/125')).not.toHaveClass('counter--warn');
    await user.type(title(), 'x'.repeat(90));
    expect(screen.getByText('90/125')).not.toHaveClass('counter--warn');
    await user.type(title(), 'x');
    expect(screen.getByText('91/125')).toHaveClass('counter--warn');
    await user.click(title());
    await user.paste('y'.repeat(60));
    expect(title().value).toHaveLength(125);
    expect(screen.getByText('Title can be at most 125 characters.')).toBeInTheDocument();
  });

  it('asks for a title instead of saving without one', async () => {
    const { user, onSaved } = setup();
    await user.type(title(), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('counts a title, subtask or note of only invisible characters as blank, as the API does', async () => {
    const { user, onSaved } = setup();
    await user.type(title(), '\u200B\u2060\u200D');
    const newSubtask = screen.getByLabelText('New subtask');
    await user.type(newSubtask, '\u200B\u200B{Enter}');
    expect(screen.queryByRole('list', { name: 'Subtasks' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('creates with the form, its subtasks, notes, status and due time', async () => {
    const created = { ...base, id: 'new-1' };
    fake.post.mockResolvedValue({ item: created });
    const { user, onSaved, onClose } = setup({ initialStatus: 'in progress' });
    await user.type(title(), '  Lab report ');
    await user.type(screen.getByLabelText('Date (yyyy-mm-dd)'), '2026-12-24');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hour' }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'AM or PM' }), 'PM');

    const newSubtask = screen.getByLabelText('New subtask');
    await user.type(newSubtask, '   {Enter}');
    expect(screen.queryByRole('list', { name: 'Subtasks' })).toBeNull();
    await user.type(newSubtask, 'Collect data{Enter}');
    await user.type(newSubtask, 'Plot');
    await user.click(screen.getByRole('button', { name: 'Add subtask' }));
    await user.click(screen.getByRole('checkbox', { name: 'Collect data' }));

    await openDetails(user);
    await user.type(screen.getByLabelText('Description'), 'Chem 101');
    expect(screen.getByLabelText('Status')).toHaveValue('in progress');
    await user.type(screen.getByLabelText('New note'), '  Ask Sam  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(fake.post).toHaveBeenCalledTimes(1);
    const [path, body] = fake.post.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/assignment');
    expect(body).toMatchObject({
      id: expect.stringMatching(/^assignment-\d+-[a-f0-9]{12}$/),
      title: 'Lab report',
      description: 'Chem 101',
      due_date: '2026-12-24T15:00:00',
      status: 'in progress',
      notes: ['Ask Sam'],
    });
    expect(body.subtasks).toEqual([
      {
        id: expect.stringMatching(/^subtask-\d+-[0-9a-z]{8}$/),
        title: 'Collect data',
        completed: true,
      },
      { id: expect.stringMatching(/^subtask-/), title: 'Plot', completed: false },
    ]);
    expect(onSaved).toHaveBeenCalledWith(created, true);
    expect(onClose).toHaveBeenCalled();
  });

  it('alerts when the server answers no id, and stays open', async () => {
    fake.post.mockResolvedValue({ item: { title: 'x' } });
    const { user, onSaved, onClose } = setup();
    await user.type(title(), 'Quiz');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(alerts).toEqual([`Failed to save assignment: ${NEW_ASSIGNMENT_WITHOUT_ID}`]);
    expect(alerts[0]).toBe(
      'Failed to save assignment: Backend did not return a valid new assignment with an ID.',
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('alerts with the server error when saving fails', async () => {
    fake.post.mockRejectedValue(
      new ApiError('bad-request', 'title must be at most 125 characters.', {
        status: 400,
        serverError: 'title must be at most 125 characters.',
      }),
    );
    const { user } = setup();
    await user.type(title(), 'Quiz');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(alerts).toEqual(['Failed to save assignment: title must be at most 125 characters.']);
  });

  it('adds approved AI suggestions as subtasks, dropping blank ones', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Suggest (0)' }));
    const list = screen.getByRole('list', { name: 'Subtasks' });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Outline', 'Sources']);
  });

  it('in edit mode, approves suggestions in one write on the version it was based on', async () => {
    const after = { ...base, version: 2 };
    fake.patch.mockResolvedValue({ item: after });
    const { user, onAssignmentChanged } = setup({ assignment: { ...base, version: 1 } });
    await user.click(screen.getByRole('button', { name: 'Suggest (2)' }));
    expect(fake.post).not.toHaveBeenCalled();
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      version: 1,
      subtasks: [
        ...base.subtasks,
        { id: 'suggested-1-0', title: 'Outline', completed: false },
        { id: 'suggested-1-2', title: 'Sources', completed: false },
      ],
    });
    await vi.waitFor(() => expect(onAssignmentChanged).toHaveBeenCalledWith(after));
  });

  it('limits a subtask to 125 characters and a note to 1000, red above 500', async () => {
    const { user } = setup();
    const sub = screen.getByLabelText('New subtask') as HTMLInputElement;
    await user.click(sub);
    await user.paste('s'.repeat(130));
    expect(sub.value).toHaveLength(125);
    expect(screen.getByText('A subtask can be at most 125 characters.')).toBeInTheDocument();

    await openDetails(user);
    const note = screen.getByLabelText('New note') as HTMLTextAreaElement;
    await user.click(note);
    await user.paste('n'.repeat(500));
    expect(screen.getByText('500/1000')).not.toHaveClass('counter--warn');
    await user.type(note, 'n');
    expect(screen.getByText('501/1000')).toHaveClass('counter--warn');
    await user.paste('n'.repeat(600));
    expect(note.value).toHaveLength(1000);
    expect(screen.getByText('A note can be at most 1000 characters.')).toBeInTheDocument();

    const description = screen.getByLabelText('Description') as HTMLTextAreaElement;
    await user.click(description);
    await user.paste('d'.repeat(1251));
    expect(screen.getByText('1251/2000')).toHaveClass('counter--warn');
    await user.paste('d'.repeat(800));
    expect(description.value).toHaveLength(2000);
  });

  it('checks the PDF: type, size, one file; uploads and keeps the file id', async () => {
    fake.post.mockResolvedValue({ file_id: 'file-9' });
    setup();
    const user = userEvent.setup({ applyAccept: false });
    await openDetails(user);
    const input = screen.getByLabelText('Attach a PDF (one file, up to 20 MB)') as HTMLInputElement;
    await user.upload(input, new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('File notes.txt is not a PDF.')).toBeInTheDocument();
    const big = new File(['%PDF'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20_971_521 });
    await user.upload(input, big);
    expect(
      screen.getByText('File huge.pdf is too large. Maximum allowed size is 20MB.'),
    ).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalledWith(
      '/api/upload-pdf',
      expect.anything(),
      expect.anything(),
    );

    await user.upload(input, new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }));
    const list = await screen.findByRole('list', { name: 'Attached PDFs' });
    expect(within(list).getByText('brief.pdf')).toBeInTheDocument();
    expect(within(list).getByText('8 bytes')).toBeInTheDocument();
    const [path, form, init] = fake.post.mock.calls.find((c) => c[0] === '/api/upload-pdf') as [
      string,
      FormData,
      { query?: Record<string, string> },
    ];
    expect(path).toBe('/api/upload-pdf');
    expect((form.get('file') as File).name).toBe('brief.pdf');
    // Attached to the id the new assignment will be created with.
    expect(init.query?.assignment_id).toMatch(/^assignment-/);

    fake.delete.mockResolvedValue({ files: [] });
    await user.click(within(list).getByRole('button', { name: 'Remove brief.pdf' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Attached PDFs' })).not.toBeInTheDocument(),
    );
    expect(fake.delete.mock.calls[0]?.[0]).toBe(
      `/api/assignment/${init.query?.assignment_id}/files/file-9`,
    );
  });

  it.each([
    ['never created: its upload is removed', true],
    ['created after all: its upload stays', false],
  ])('closing a new assignment that was %s', async (_, missing) => {
    fake.post.mockResolvedValue({ file_id: 'file-7' });
    fake.get.mockImplementation(() =>
      missing
        ? Promise.reject(
            new ApiError('bad-request', 'That assignment does not exist.', { status: 404 }),
          )
        : Promise.resolve({ item: base }),
    );
    fake.delete.mockResolvedValue({ files: [] });
    const { user, view } = setup();
    await openDetails(user);
    await user.upload(
      screen.getByLabelText('Attach a PDF (one file, up to 20 MB)'),
      new File(['%PDF-1.4'], 'draft.pdf', { type: 'application/pdf' }),
    );
    await screen.findByRole('button', { name: 'Remove draft.pdf' });
    const [, , init] = fake.post.mock.calls.find((c) => c[0] === '/api/upload-pdf') as [
      string,
      FormData,
      { query: { assignment_id: string } },
    ];
    view.unmount();
    const id = init.query.assignment_id;
    await vi.waitFor(() => expect(fake.get).toHaveBeenCalledWith(`/api/assignment/${id}`));
    if (missing) {
      await vi.waitFor(() =>
        expect(fake.delete).toHaveBeenCalledWith(`/api/assignment/${id}/files/file-7`),
      );
    } else {
      await new Promise((r) => setTimeout(r, 0));
      expect(fake.delete).not.toHaveBeenCalled();
    }
  });

  it('alerts "Failed to upload PDF: Unknown error" when the server gives no reason', async () => {
    fake.post.mockResolvedValue({});
    const { user } = setup();
    await openDetails(user);
    await user.upload(
      screen.getByLabelText('Attach a PDF (one file, up to 20 MB)'),
      new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
    );
    await screen.findByLabelText('Attach a PDF (one file, up to 20 MB)');
    await vi.waitFor(() => expect(alerts).toEqual(['Failed to upload PDF: Unknown error']));
  });
});

describe('AssignmentEditor: edit', () => {
  it('lists the attached PDFs of a reopened assignment, with their sizes and Remove', async () => {
    fake.get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/assignment/a1/files'
          ? {
              files: [
                {
                  id: 'f1',
                  name: 'notes.pdf',
                  size: 1_258_291,
                  uploaded_at: '2026-11-02T10:00:00Z',
                },
                { id: 'f2', name: 'rubric.pdf', size: 12_800, uploaded_at: '2026-11-03T10:00:00Z' },
              ],
            }
          : undefined,
      ),
    );
    fake.delete.mockResolvedValue({ files: [] });
    const { user } = setup({ assignment: base });
    const list = await screen.findByRole('list', { name: 'Attached PDFs', hidden: true });
    expect(
      within(list)
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent),
    ).toEqual(['notes.pdf1.2 MBRemove', 'rubric.pdf13 KBRemove']);
    // AI Help reads the newest PDF attached, with none picked in this editor.
    await vi.waitFor(() =>
      expect(screen.getByText('AI actions')).toHaveAttribute('data-file-id', 'f2'),
    );
    await openDetails(user);
    await user.click(within(list).getByRole('button', { name: 'Remove notes.pdf' }));
    await vi.waitFor(() => expect(within(list).queryByText('notes.pdf')).not.toBeInTheDocument());
    expect(fake.delete).toHaveBeenCalledWith('/api/assignment/a1/files/f1');
    expect(within(list).getByText('rubric.pdf')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove rubric.pdf' }));
    await vi.waitFor(() =>
      expect(screen.getByText('AI actions')).toHaveAttribute('data-file-id', ''),
    );
  });

  it('shows "Update" and sends only the changed fields', async () => {
    const updated = { ...base, title: 'Essay v2' };
    fake.patch.mockResolvedValue({ item: updated });
    const { user, onSaved } = setup({ assignment: base });
    expect(screen.getByRole('dialog', { name: 'Edit Assignment' })).toBeInTheDocument();
    expect(title().value).toBe('Essay');
    await user.clear(title());
    await user.type(title(), 'Essay v2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', { id: 'a1', title: 'Essay v2' });
    expect(onSaved).toHaveBeenCalledWith(updated, false);
  });

  it('follows changes made elsewhere and asks calmly when the student is changing the same field', async () => {
    fake.patch.mockImplementation((_p: string, body: object) =>
      Promise.resolve({ item: { ...base, ...body } }),
    );
    const { user, view } = setup({ assignment: base });
    const rerender = (a: Assignment) =>
      view.rerender(
        wrap(
          <AssignmentEditor
            {...{ onClose: vi.fn(), onSaved: vi.fn(), onAssignmentChanged: vi.fn() }}
            assignment={a}
          />,
        ),
      );
    await openDetails(user);
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Mine');
    rerender({ ...base, title: 'Essay (phone)', description: 'Theirs', status: 'done' });

    expect(title().value).toBe('Essay (phone)');
    expect(screen.getByLabelText('Status')).toHaveValue('done');
    expect(screen.getByLabelText('Description')).toHaveValue('Mine');
    const notice = screen.getByRole('group', { name: 'Description changed on another device' });
    expect(notice).toHaveTextContent('Changed on another device: Theirs');

    await user.click(within(notice).getByRole('button', { name: 'Use the other' }));
    expect(screen.getByLabelText('Description')).toHaveValue('Theirs');
    expect(screen.queryByRole('group', { name: /changed on another device/ })).toBeNull();
    await user.type(title(), '!');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      title: 'Essay (phone)!',
    });
  });

  it('asks in a dialog when Update would overwrite a change from another device', async () => {
    fake.patch.mockImplementation((_p: string, body: object) =>
      Promise.resolve({ item: { ...base, ...body } }),
    );
    const { user, view, onSaved } = setup({ assignment: base });
    await user.clear(title());
    await user.type(title(), 'Essay (laptop)');
    view.rerender(
      wrap(
        <AssignmentEditor
          {...{ onClose: vi.fn(), onSaved, onAssignmentChanged: vi.fn() }}
          assignment={{ ...base, title: 'Essay (phone)' }}
        />,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const ask = screen.getByRole('alertdialog', { name: 'Changed on another device' });
    expect(ask).toHaveTextContent('Title: Essay (phone)');
    expect(within(ask).getByRole('button', { name: 'Keep mine' })).toHaveFocus();

    // Cancel: back to the editor, nothing sent.
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.patch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'Use the other' }));
    expect(title().value).toBe('Essay (phone)');
    // Nothing of the student's own is left to send: it closes without a write.
    expect(fake.patch).not.toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith({ ...base, title: 'Essay (phone)' }, false);
  });

  it('"Keep mine" in the conflict question sends the student\'s value', async () => {
    fake.patch.mockImplementation((_p: string, body: object) =>
      Promise.resolve({ item: { ...base, ...body } }),
    );
    const { user, view } = setup({ assignment: base });
    await user.clear(title());
    await user.type(title(), 'Essay (laptop)');
    view.rerender(
      wrap(
        <AssignmentEditor
          {...{ onClose: vi.fn(), onSaved: vi.fn(), onAssignmentChanged: vi.fn() }}
          assignment={{ ...base, title: 'Essay (phone)' }}
        />,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      title: 'Essay (laptop)',
    });
  });

  it('asks which repeats a change is for in a dialog, and Escape saves nothing', async () => {
    const weekly = {
      ...base,
      series_id: 'series-1',
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=TU', until: null },
    };
    fake.patch.mockImplementation((_p: string, body: object) =>
      Promise.resolve({ item: { ...weekly, ...body } }),
    );
    const { user } = setup({ assignment: weekly });
    await user.type(title(), '!');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const ask = screen.getByRole('alertdialog', { name: 'Change which assignments?' });
    expect(within(ask).getByRole('button', { name: 'Only this one' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Assignment' })).toBeInTheDocument();
    expect(fake.patch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'This and the ones after' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment', {
      id: 'a1',
      title: 'Essay!',
      scope: 'following',
    });
  });

  it('keeps reminders and the repeat in a closed section that sums them up', async () => {
    const weekly = { ...base, repeat: { rrule: 'FREQ=WEEKLY;BYDAY=TU', until: null } };
    const { user } = setup({ assignment: weekly });
    const toggle = screen.getByRole('button', { name: 'Reminders and Repeats' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText('Reminders: 1 day and 1 hour before · Repeats every Tue'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Repeats')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByLabelText('Repeats')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'No reminders' }));
    await user.click(toggle);
    expect(screen.getByText('Reminders: none · Repeats every Tue')).toBeInTheDocument();
  });

  it('saves each subtask change on its own call', async () => {
    const after = { ...base, updated_at: '2026-11-02T00:00:00.000Z' };
    fake.post.mockResolvedValue({ item: after });
    fake.patch.mockResolvedValue({ item: after });
    fake.delete.mockResolvedValue({ item: after });
    const { user, onAssignmentChanged } = setup({ assignment: base });

    await user.type(screen.getByLabelText('New subtask'), 'Edit draft{Enter}');
    expect(fake.post).toHaveBeenCalledWith('/api/assignment/a1/subtasks', {
      id: expect.stringMatching(/^subtask-/),
      title: 'Edit draft',
    });
    expect(onAssignmentChanged).toHaveBeenCalledWith(after);

    await user.click(screen.getByRole('checkbox', { name: 'Read' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s1', { completed: true });

    await user.click(screen.getByRole('button', { name: 'Edit subtask Write' }));
    const edit = screen.getByLabelText('Edit subtask');
    await user.clear(edit);
    await user.type(edit, 'Write it{Enter}');
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s2', {
      title: 'Write it',
    });

    confirmAnswer = false;
    await user.click(screen.getByRole('button', { name: 'Delete subtask Read' }));
    expect(confirms).toEqual([CONFIRM_DELETE_SUBTASK]);
    expect(fake.delete).not.toHaveBeenCalled();
    confirmAnswer = true;
    await user.click(screen.getByRole('button', { name: 'Delete subtask Read' }));
    expect(confirms[1]).toBe(
      'Are you sure you want to delete this subtask? This action cannot be undone.',
    );
    expect(fake.delete).toHaveBeenCalledWith('/api/assignment/a1/subtasks/s1');
    // Nothing was sent with the whole assignment.
    expect(fake.patch).not.toHaveBeenCalledWith('/api/assignment', expect.anything());
  });

  it('alerts the SPEC texts when a subtask or note call fails', async () => {
    const fail = new ApiError('bad-response', 'Server sad', {
      status: 503,
      serverError: 'Server sad',
    });
    fake.patch.mockRejectedValue(fail);
    fake.delete.mockRejectedValue(fail);
    fake.post.mockRejectedValue(fail);
    const { user } = setup({ assignment: base });
    await user.click(screen.getByRole('checkbox', { name: 'Read' }));
    await user.type(screen.getByLabelText('New subtask'), 'More{Enter}');
    await user.click(screen.getByRole('button', { name: 'Delete subtask Write' }));
    await openDetails(user);
    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    await user.type(screen.getByLabelText('New note'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await vi.waitFor(() =>
      expect(alerts.sort()).toEqual(
        [
          'Failed to update subtask: Server sad',
          'Failed to save subtask: Server sad',
          'Failed to delete subtask: Server sad',
          'Failed to delete note: Server sad',
          'Failed to save note: Server sad',
        ].sort(),
      ),
    );
  });

  it('adds, edits and removes notes with their own calls; removal is confirmed', async () => {
    const after = { ...base, updated_at: '2026-11-03T00:00:00.000Z' };
    fake.post.mockResolvedValue({ item: after });
    fake.patch.mockResolvedValue({ item: after });
    fake.delete.mockResolvedValue({ item: after });
    const { user } = setup({ assignment: base });
    await openDetails(user);
    await user.type(screen.getByLabelText('New note'), '   ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('New note'), '  Bring laptop  ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(fake.post).toHaveBeenCalledWith('/api/assignment/a1/notes', {
      id: expect.stringMatching(/^note-/),
      text: 'Bring laptop',
    });

    await user.click(screen.getByRole('button', { name: 'Edit note' }));
    const edit = screen.getByLabelText('Edit note');
    await user.clear(edit);
    await user.type(edit, 'Library on Tuesday');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(fake.patch).toHaveBeenCalledWith('/api/assignment/a1/notes/n1', {
      text: 'Library on Tuesday',
    });

    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    expect(confirms).toEqual([CONFIRM_DELETE_NOTE]);
    expect(fake.delete).toHaveBeenCalledWith('/api/assignment/a1/notes/n1');
  });

  it('offers Focus only for an unfinished task with an open subtask', async () => {
    const { user, onClose, view } = setup({ assignment: base });
    expect(screen.getByText('AI actions')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Focus on this task' }));
    expect(focusOpen).toHaveBeenCalledWith('a1');
    expect(onClose).toHaveBeenCalled();

    const allDone = {
      ...base,
      subtasks: base.subtasks.map((s) => ({ ...s, completed: true })),
    };
    act(() =>
      view.rerender(
        wrap(
          <AssignmentEditor
            assignment={allDone}
            onClose={vi.fn()}
            onSaved={vi.fn()}
            onAssignmentChanged={vi.fn()}
          />,
        ),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Focus on this task' })).toBeNull();
    const done = { ...base, status: 'done' as const };
    act(() =>
      view.rerender(
        wrap(
          <AssignmentEditor
            assignment={done}
            onClose={vi.fn()}
            onSaved={vi.fn()}
            onAssignmentChanged={vi.fn()}
          />,
        ),
      ),
    );
    expect(screen.queryByRole('button', { name: 'Focus on this task' })).toBeNull();
  });

  it('after saving with "Save to Google Calendar" ticked, saves to the calendar and says so', async () => {
    const created = { ...base, id: 'new-7' };
    fake.post.mockImplementation(async (path: string) =>
      path.endsWith('/save-to-calendar') ? { message: 'Event added.' } : { item: created },
    );
    const { user, onSaved, onClose } = setup();
    await user.type(title(), 'Quiz');
    await user.click(screen.getByRole('checkbox', { name: 'Save to Google Calendar' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalledWith(created, true);
    expect(fake.post.mock.calls.map((c) => c[0])).toEqual([
      '/api/assignment',
      '/api/assignment/new-7/save-to-calendar',
    ]);
    expect(alerts).toEqual([
      '✅ Assignment created/updated and saved to calendar successfully!\nEvent added.',
    ]);
  });

  it('has the calendar checkbox and no AI actions or Focus in create mode', () => {
    setup();
    expect(screen.getByRole('checkbox', { name: 'Save to Google Calendar' })).not.toBeChecked();
    expect(screen.queryByText('AI actions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Focus on this task' })).toBeNull();
  });
});
