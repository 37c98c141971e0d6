import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScopeQuestion } from './ScopeQuestion.tsx';

describe('ScopeQuestion', () => {
  it('asks "only this one" or "this and the ones after" for a change of the card', async () => {
    const onChoose = vi.fn();
    render(<ScopeQuestion onChoose={onChoose} onCancel={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Change which assignments?' });
    expect(group).toHaveTextContent('This assignment repeats. Change:');
    await userEvent.click(screen.getByRole('button', { name: 'Only this one' }));
    expect(onChoose).toHaveBeenCalledWith('this');
  });

  it('offers only "this and the ones after" for a change of the rule, and says why', async () => {
    const onChoose = vi.fn();
    const onCancel = vi.fn();
    render(<ScopeQuestion ruleChanged onChoose={onChoose} onCancel={onCancel} />);
    expect(screen.getByRole('group', { name: 'Change which assignments?' })).toHaveTextContent(
      'A change to how it repeats applies to this one and the ones after it.',
    );
    expect(screen.queryByRole('button', { name: 'Only this one' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'This and the ones after' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChoose.mock.calls).toEqual([['following']]);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
