import {
  BUBBLES_COUNT,
  BUBBLES_DURATION_MS,
  FOCUS_COMPLETE_OVERLAY,
  NEON_OVERLAY_MS,
  PET_DURATION_MS,
  PET_PARTICLES,
  SNACKBAR_FADE_MS,
  SNACKBAR_MS,
  focusSnackbar,
} from '@brainboard/domain';
import { useEffect, useState, type CSSProperties } from 'react';
import type { Celebration } from './celebration.ts';

type Phase = 'surprise' | 'neon' | 'done';

/**
 * The completion surprise: a bubble pop (15 bubbles, 1.4 s) or a pixel pet (8 particles,
 * 1.3 s), then the neon "FOCUS COMPLETE!" overlay (1.2 s); with reduced motion neither, only
 * the snackbar. Decorative layers are hidden from screen readers; the snackbar is announced.
 * Render it with `key={celebration.id}`.
 */
export function FocusCelebration({
  celebration,
  reducedMotion,
}: {
  celebration: Celebration;
  reducedMotion: boolean;
}) {
  const [phase, setPhase] = useState<Phase>(reducedMotion ? 'done' : 'surprise');
  const surpriseMs = celebration.surprise === 'bubbles' ? BUBBLES_DURATION_MS : PET_DURATION_MS;

  useEffect(() => {
    if (reducedMotion) return;
    const toNeon = setTimeout(() => setPhase('neon'), surpriseMs);
    const toDone = setTimeout(() => setPhase('done'), surpriseMs + NEON_OVERLAY_MS);
    return () => {
      clearTimeout(toNeon);
      clearTimeout(toDone);
    };
  }, [reducedMotion, surpriseMs]);

  return (
    <>
      {phase === 'surprise' && celebration.surprise === 'bubbles' && <Bubbles />}
      {phase === 'surprise' && celebration.surprise === 'pet' && <PixelPet />}
      {phase === 'neon' && (
        <div className="focus-neon" aria-hidden="true" data-testid="focus-neon">
          <span>{FOCUS_COMPLETE_OVERLAY}</span>
        </div>
      )}
    </>
  );
}

function Bubbles() {
  const [bubbles] = useState(() =>
    Array.from({ length: BUBBLES_COUNT }, (_, i) => ({
      left: 5 + Math.random() * 90,
      size: 2 + Math.random() * 3.5,
      delay: Math.random() * 0.35,
      hue: i % 3,
    })),
  );
  return (
    <div className="focus-surprise focus-bubbles" aria-hidden="true" data-testid="focus-bubbles">
      {bubbles.map((b, i) => (
        <span
          key={i}
          className={`focus-bubble focus-bubble--${b.hue}`}
          style={
            {
              left: `${b.left}%`,
              width: `${b.size}rem`,
              height: `${b.size}rem`,
              animationDelay: `${b.delay}s`,
              animationDuration: `${BUBBLES_DURATION_MS / 1000 - b.delay}s`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}

/** An 8x8 pixel cat; 1 = body, 2 = eye. */
const PET = [
  '10000001',
  '11000011',
  '11111111',
  '12111121',
  '11111111',
  '11100111',
  '01111110',
  '01100110',
];

function PixelPet() {
  const particles = Array.from({ length: PET_PARTICLES }, (_, i) => {
    const angle = (i / PET_PARTICLES) * 2 * Math.PI;
    return { dx: Math.cos(angle) * 7, dy: Math.sin(angle) * 7 };
  });
  return (
    <div className="focus-surprise focus-pet" aria-hidden="true" data-testid="focus-pet">
      <svg className="focus-pet__body" viewBox="0 0 8 8" shapeRendering="crispEdges">
        {PET.flatMap((row, y) =>
          [...row].map((cell, x) =>
            cell === '0' ? null : (
              <rect
                key={`${x}-${y}`}
                x={x}
                y={y}
                width="1"
                height="1"
                className={cell === '2' ? 'focus-pet__eye' : 'focus-pet__fur'}
              />
            ),
          ),
        )}
      </svg>
      {particles.map((p, i) => (
        <span
          key={i}
          className="focus-pet__particle"
          style={{ '--dx': `${p.dx}rem`, '--dy': `${p.dy}rem` } as CSSProperties}
        />
      ))}
    </div>
  );
}

/** "Focus gem +1 · Streak N" for 4 s, then a 0.3 s fade. */
export function FocusSnackbar({ streak }: { streak: number }) {
  const [stage, setStage] = useState<'shown' | 'leaving' | 'gone'>('shown');
  useEffect(() => {
    const leave = setTimeout(() => setStage('leaving'), SNACKBAR_MS);
    const gone = setTimeout(() => setStage('gone'), SNACKBAR_MS + SNACKBAR_FADE_MS);
    return () => {
      clearTimeout(leave);
      clearTimeout(gone);
    };
  }, []);
  if (stage === 'gone') return null;
  return (
    <div className={`focus-snackbar${stage === 'leaving' ? ' focus-snackbar--leaving' : ''}`}>
      {focusSnackbar(streak)}
    </div>
  );
}
