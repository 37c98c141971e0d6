import { DATE_INPUT_NOT_VALID } from '@brainboard/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from './DateField.tsx';

/** The calendar's chunk arrives when the test says so, or fails to. */
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  let fail: (e: Error) => void = () => undefined;
  let promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return {
    wait: () => promise,
    open: () => open(),
    fail: () => fail(new Error('The chunk could not be fetched.')),
    reset() {
      promise = new Promise<void>((resolve, reject) => {
        open = resolve;
        fail = reject;
      });
    },
  };
});

vi.mock('./DatePickerField.tsx', async (importOriginal) => {
  await gate.wait();
  return importOriginal();
});

function Harness() {
  const [date, setDate] = useState('');
  return (
    <>
      <label htmlFor="due">Date</label>
      <DateField id="due" value={date} onChange={setDate} clearLabel="Clear the date" />
      <output data-testid="date">{date}</output>
    </>
  );
}

describe('DateField before its calendar has loaded', () => {
  it('fails to load the calendar: typed dates are still read, and checked on leaving', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    gate.fail();
    const field = screen.getByLabelText('Date');
    await user.type(field, '2027-02-14');
    expect(screen.getByTestId('date').textContent).toBe('2027-02-14');
    await user.clear(field);
    await user.type(field, 'soon');
    await user.tab();
    expect(await screen.findByText(DATE_INPUT_NOT_VALID)).toHaveAttribute('role', 'alert');
    expect(document.querySelector('.react-datepicker')).toBeNull();
    gate.reset();
  });

  it('reads a typed date at once, then hands the focus and caret to the calendar', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const plain = screen.getByLabelText('Date') as HTMLInputElement;
    await user.type(plain, '2027-2-1');
    expect(screen.getByTestId('date').textContent).toBe('2027-02-01');
    plain.setSelectionRange(4, 4);
    expect(document.querySelector('.react-datepicker')).toBeNull();

    gate.open();
    // The calendar's field replaces the plain one, with the focus: the calendar opens.
    // (The first import of react-datepicker in jsdom takes a few seconds.)
    await vi.waitFor(() => expect(document.querySelector('.react-datepicker')).not.toBeNull(), {
      timeout: 15_000,
    });
    const field = screen.getByLabelText('Date') as HTMLInputElement;
    expect(field).not.toBe(plain);
    expect(field).toHaveFocus();
    expect(field.value).toBe('2027-2-1');
    expect([field.selectionStart, field.selectionEnd]).toEqual([4, 4]);
    expect(screen.getByRole('button', { name: 'Clear the date' })).toBeInTheDocument();
  });
});
