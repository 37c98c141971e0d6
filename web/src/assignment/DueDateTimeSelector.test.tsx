import { DATE_INPUT_NOT_VALID, dueFormFields, type DueForm } from '@brainboard/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDatePicker } from './datePickerLoader.ts';
import { DueDateTimeSelector } from './DueDateTimeSelector.tsx';

function Harness({ stored, spy }: { stored: string; spy: (f: DueForm) => void }) {
  const [form, setForm] = useState<DueForm>(() => dueFormFields(stored));
  return (
    <>
      <DueDateTimeSelector
        value={form}
        onChange={(next) => {
          spy(next);
          setForm(next);
        }}
      />
      <output data-testid="due">{form.due_date}</output>
    </>
  );
}

const setup = (stored: string) => {
  const spy = vi.fn();
  const user = userEvent.setup();
  render(<Harness stored={stored} spy={spy} />);
  return {
    spy,
    user,
    date: () => screen.getByLabelText('Date (yyyy-mm-dd)') as HTMLInputElement,
    hour: () => screen.getByRole('combobox', { name: 'Hour' }) as HTMLSelectElement,
    minute: () => screen.getByRole('combobox', { name: 'Minute' }) as HTMLSelectElement,
    ampm: () => screen.getByRole('combobox', { name: 'AM or PM' }) as HTMLSelectElement,
    due: () => screen.getByTestId('due').textContent,
  };
};

describe('DueDateTimeSelector', () => {
  // The calendar's own chunk, loaded first, as when a date field has shown before (a field shown
  // before it loads is DateField.test.tsx's). Awaited, not returned: vitest would take the
  // component it resolves to for a teardown function.
  beforeAll(async () => {
    await loadDatePicker();
  }, 20_000);

  it('shows a stored date as yyyy-MM-dd with its 12-hour time', () => {
    const s = setup('2026-03-05T00:30:00');
    expect(s.date().value).toBe('2026-03-05');
    expect(s.hour().value).toBe('12');
    expect(s.minute().value).toBe('30');
    expect(s.ampm().value).toBe('AM');
    expect(Array.from(s.hour().options).map((o) => o.value)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    expect(s.minute().options).toHaveLength(60);
    expect(s.minute().options[0]?.value).toBe('00');
    expect(s.minute().options[59]?.value).toBe('59');
  });

  it('converts hours: PM adds 12 except 12 PM, 12 AM is 00', async () => {
    const s = setup('2026-03-05T08:00:00');
    await s.user.selectOptions(s.ampm(), 'PM');
    expect(s.spy).toHaveBeenLastCalledWith(
      expect.objectContaining({ due_hour: '20', due_ampm: 'PM', due_date: '2026-03-05T20:00:00' }),
    );
    await s.user.selectOptions(s.hour(), '12');
    expect(s.due()).toBe('2026-03-05T12:00:00');
    await s.user.selectOptions(s.ampm(), 'AM');
    expect(s.due()).toBe('2026-03-05T00:00:00');
    await s.user.selectOptions(s.hour(), '3');
    await s.user.selectOptions(s.minute(), '07');
    expect(s.spy).toHaveBeenLastCalledWith(
      expect.objectContaining({
        due_hour: '03',
        due_minute: '07',
        due_date: '2026-03-05T03:07:00',
      }),
    );
  });

  it('legacy and invalid stored times fall back to 08:00 AM', () => {
    const s = setup('2026-01-01');
    expect([s.hour().value, s.minute().value, s.ampm().value]).toEqual(['8', '00', 'AM']);
    expect(s.due()).toBe('2026-01-01T08:00:00');
  });

  it('without a date, the time is stored but no due_date is built', async () => {
    const s = setup('');
    await s.user.selectOptions(s.hour(), '5');
    await s.user.selectOptions(s.ampm(), 'PM');
    expect(s.spy).toHaveBeenLastCalledWith(
      expect.objectContaining({ due_hour: '17', due_ampm: 'PM', due_date: '' }),
    );
  });

  it('a typed date takes the current time; clearing empties due_date', async () => {
    const s = setup('');
    await s.user.selectOptions(s.hour(), '9');
    await s.user.selectOptions(s.minute(), '45');
    await s.user.type(s.date(), '2027-02-14');
    expect(s.due()).toBe('2027-02-14T09:45:00');
    await s.user.click(screen.getByRole('button', { name: 'Clear the due date' }));
    expect(s.due()).toBe('');
    // Typing a character at a time into the picker is slow in jsdom.
  }, 20_000);

  it('answers "Date input not valid." for unparseable text and for dates before 1800', async () => {
    const s = setup('2026-03-05T08:00:00');
    await s.user.clear(s.date());
    await s.user.type(s.date(), 'next friday');
    await s.user.tab();
    expect(await screen.findByText(DATE_INPUT_NOT_VALID)).toHaveAttribute('role', 'alert');
    expect(DATE_INPUT_NOT_VALID).toBe('Date input not valid.');

    await s.user.clear(s.date());
    await s.user.type(s.date(), '2026-04-01');
    expect(screen.queryByText(DATE_INPUT_NOT_VALID)).toBeNull();
    expect(s.due()).toBe('2026-04-01T08:00:00');

    await s.user.clear(s.date());
    await s.user.type(s.date(), '1799-12-31');
    await s.user.tab();
    expect(await screen.findByText(DATE_INPUT_NOT_VALID)).toHaveAttribute('role', 'alert');
    expect(s.due()).not.toContain('1799');
  }, 20_000);

  it('reads the locale order and ISO without leading zeros, and clears the error at once', async () => {
    const s = setup('2026-03-05T08:00:00');
    await s.user.clear(s.date());
    await s.user.type(s.date(), '3/4');
    await s.user.tab();
    expect(await screen.findByText(DATE_INPUT_NOT_VALID)).toBeInTheDocument();
    await s.user.click(s.date());
    await s.user.type(s.date(), '/2026');
    expect(screen.queryByText(DATE_INPUT_NOT_VALID)).toBeNull();
    expect(s.due()).toBe('2026-03-04T08:00:00');
    await s.user.clear(s.date());
    await s.user.type(s.date(), '2026-12-8');
    expect(s.due()).toBe('2026-12-08T08:00:00');
  }, 20_000);

  it('Escape in the open calendar is not left for the dialog around it', async () => {
    const s = setup('2026-03-05T08:00:00');
    const outer = vi.fn();
    document.addEventListener('keydown', (e) => outer(e.defaultPrevented), true);
    await s.user.click(s.date());
    expect(document.querySelector('.react-datepicker')).not.toBeNull();
    await s.user.keyboard('{Escape}');
    expect(outer).toHaveBeenLastCalledWith(true);
    expect(document.querySelector('.react-datepicker')).toBeNull();
    await s.user.keyboard('{Escape}');
    expect(outer).toHaveBeenLastCalledWith(false);
  });
});
