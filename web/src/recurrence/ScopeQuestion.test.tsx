import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScopeQuestion } from './ScopeQuestion.tsx';

describe('ScopeQuestion', () => {
  it('asks "only this one" or "this and the ones after" in an alert dialog, focus on the first', async () => {
    const onChoose = vi.fn();
    render(<ScopeQuestion onChoose={onChoose} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Change which assignments?' });
    expect(dialog).toHaveAccessibleDescription('This assignment repeats. Change:');
    const first = screen.getByRole('button', { name: 'Only this one' });
    expect(first).toHaveFocus();
    await userEvent.click(first);
    expect(onChoose).toHaveBeenCalledWith('this');
  });

  it('offers only "this and the ones after" for a change of the rule, and says why', async () => {
    const onChoose = vi.fn();
    const onCancel = vi.fn();
    render(<ScopeQuestion ruleChanged onChoose={onChoose} onCancel={onCancel} />);
    expect(
      screen.getByRole('alertdialog', { name: 'Change which assignments?' }),
    ).toHaveTextContent('A change to how it repeats applies to this one and the ones after it.');
    expect(screen.queryByRole('button', { name: 'Only this one' })).toBeNull();
    const following = screen.getByRole('button', { name: 'This and the ones after' });
    expect(following).toHaveFocus();
    await userEvent.click(following);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChoose.mock.calls).toEqual([['following']]);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const onChoose = vi.fn();
    const onCancel = vi.fn();
    render(<ScopeQuestion onChoose={onChoose} onCancel={onCancel} />);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
