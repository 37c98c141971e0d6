import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { vibrateFor } from '../feedback/haptics.ts';
import { playSound } from '../feedback/sound.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

vi.mock('../feedback/sound.ts', () => ({ playSound: vi.fn() }));
vi.mock('../feedback/haptics.ts', () => ({ vibrateFor: vi.fn(() => true) }));

beforeEach(() => {
  vi.mocked(playSound).mockClear();
  vi.mocked(vibrateFor).mockClear();
});

const bubbles = () => screen.queryAllByRole('button', { name: /^Pop bubble/ });

describe('LoadingScreen', () => {
  it('says "Loading your dashboard" as a status and offers 10 bubbles', () => {
    render(<LoadingScreen done={false} onFinished={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');
    expect(bubbles()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Pop bubble 1 of 10' })).toBeInTheDocument();
  });

  it('pops a bubble with a sound and a 10 ms vibration', async () => {
    const onFinished = vi.fn();
    render(<LoadingScreen done={false} onFinished={onFinished} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pop bubble 3 of 10' }));
    expect(playSound).toHaveBeenCalledWith('pop');
    expect(vibrateFor).toHaveBeenCalledWith(10);
    expect(bubbles()).toHaveLength(9);
    expect(screen.queryByRole('button', { name: 'Pop bubble 3 of 10' })).not.toBeInTheDocument();
    expect(screen.getByText('1 of 10 popped')).toBeInTheDocument();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('finishes once all 10 are popped', async () => {
    const onFinished = vi.fn();
    render(<LoadingScreen done={false} onFinished={onFinished} />);
    const user = userEvent.setup();
    for (let i = 0; i < 10; i++) {
      await user.click(bubbles()[0]!);
    }
    expect(playSound).toHaveBeenCalledTimes(10);
    expect(vibrateFor).toHaveBeenCalledTimes(10);
    expect(bubbles()).toHaveLength(0);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('finishes at once when the data is there, without waiting for the game', () => {
    const onFinished = vi.fn();
    const { rerender } = render(<LoadingScreen done={false} onFinished={onFinished} />);
    expect(onFinished).not.toHaveBeenCalled();
    rerender(<LoadingScreen done onFinished={onFinished} />);
    expect(onFinished).toHaveBeenCalledTimes(1);
    rerender(<LoadingScreen done onFinished={onFinished} />);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('keeps keyboard focus on the next bubble after a pop', async () => {
    render(<LoadingScreen done={false} onFinished={vi.fn()} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pop bubble 1 of 10' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Pop bubble 2 of 10' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pop bubble 3 of 10' })).toHaveFocus();
  });
});
