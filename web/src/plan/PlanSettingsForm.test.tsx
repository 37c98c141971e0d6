import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api as fake } from '../data/testApi.ts';
import { SessionContext, type SessionValue } from '../session/sessionContext.ts';
import { PlanSettingsForm } from './PlanSettingsForm.tsx';

vi.mock('../data/api.ts', async () => (await import('../data/testApi.ts')).apiModule);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TWO_RANGES = [
  ['07:00', '08:00'],
  ['16:00', '21:00'],
];
const ALL_DAY = [['00:00', '24:00']];

function renderForm() {
  const mergeUser = vi.fn();
  const onSaved = vi.fn();
  const user = {
    id: 'u1',
    study_hours: {
      mon: TWO_RANGES,
      tue: ALL_DAY,
      wed: [['16:00', '21:00']],
      thu: [['16:00', '21:00']],
      fri: [['16:00', '21:00']],
      sat: [],
      sun: [['10:00', '18:00']],
    },
    buffer_hours: 24,
  };
  render(
    <SessionContext.Provider value={{ user, mergeUser } as unknown as SessionValue}>
      <PlanSettingsForm onSaved={onSaved} />
    </SessionContext.Provider>,
  );
  return { mergeUser, onSaved };
}

beforeEach(() => {
  for (const fn of Object.values(fake)) fn.mockReset();
  fake.patch.mockResolvedValue({ updated: {} });
});

describe('Plan settings', () => {
  it('shows every range of a day, and saves only what was changed here', async () => {
    const user = userEvent.setup();
    const { onSaved } = renderForm();
    expect(screen.getByLabelText('Monday from (1)')).toHaveValue('07:00');
    expect(screen.getByLabelText('Monday to (2)')).toHaveValue('21:00');
    // The end of the day shows as 23:59 in a time field.
    expect(screen.getByLabelText('Tuesday to')).toHaveValue('23:59');
    expect(screen.getByText('No study time')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a time on Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Save plan settings' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [path, body] = fake.patch.mock.calls[0] as [string, Record<string, unknown>];
    expect(path).toBe('/api/user/u1');
    // Only the study hours changed; the days left alone are sent as stored (24:00 stays).
    expect(Object.keys(body)).toEqual(['study_hours']);
    expect(body.study_hours).toMatchObject({
      mon: TWO_RANGES,
      tue: ALL_DAY,
      sat: [['16:00', '18:00']],
    });
  });

  it('removes a range, and sends a changed number alone', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove Monday 07:00 to 08:00' }));
    expect(screen.queryByLabelText('Monday from (1)')).toBeNull();
    expect(screen.getByLabelText('Monday from')).toHaveValue('16:00');
    await user.click(screen.getByRole('button', { name: 'Save plan settings' }));
    await waitFor(() => expect(fake.patch).toHaveBeenCalledTimes(1));
    expect(
      (fake.patch.mock.calls[0]![1] as { study_hours: { mon: unknown } }).study_hours.mon,
    ).toEqual([['16:00', '21:00']]);

    fake.patch.mockClear();
    const buffer = screen.getByLabelText('Finish before the due time (hours)');
    await user.clear(buffer);
    await user.type(buffer, '12');
    await user.click(screen.getByRole('button', { name: 'Save plan settings' }));
    await waitFor(() => expect(fake.patch).toHaveBeenCalledTimes(1));
    expect(fake.patch.mock.calls[0]![1]).toEqual({
      study_hours: expect.anything(),
      buffer_hours: 12,
    });
  });
});
