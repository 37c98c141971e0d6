import type { ClientRect, Modifier } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { aboveColumnSwitch } from './dnd.ts';

const rect = (top: number, height: number): ClientRect => ({
  top,
  height,
  bottom: top + height,
  left: 16,
  right: 359,
  width: 343,
});

const moved = (modifier: Modifier, y: number, card: ClientRect | null = rect(200, 100)) =>
  modifier({
    transform: { x: 5, y, scaleX: 1, scaleY: 1 },
    draggingNodeRect: card,
  } as Parameters<Modifier>[0]);

describe('aboveColumnSwitch', () => {
  const modifier = aboveColumnSwitch(() => 740);

  it('leaves the card where the finger puts it above the bar', () => {
    expect(moved(modifier, 300)).toEqual({ x: 5, y: 300, scaleX: 1, scaleY: 1 });
  });

  it('stops the card 12 px above the bar when the finger goes lower', () => {
    // The card's bottom (300 + y) stays at 740 - 12.
    expect(moved(modifier, 500).y).toBe(428);
    expect(moved(modifier, 500).x).toBe(5);
  });

  it('does nothing where there is no bar, or before the card is measured', () => {
    expect(
      moved(
        aboveColumnSwitch(() => null),
        500,
      ).y,
    ).toBe(500);
    expect(moved(modifier, 500, null).y).toBe(500);
  });
});
