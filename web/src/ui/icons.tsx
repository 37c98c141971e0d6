/**
 * The app's one small icon set: inline SVG line icons drawn on a 24-unit grid with the current
 * text colour, so they show on every system (no emoji font needed) and follow the theme.
 * Decorative: the control or text beside each icon carries the meaning.
 */
import { ICON_PATHS as PATHS, type IconName } from './iconPaths.ts';

const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export type { IconName };

/** A line icon drawn from its paths, as every icon here is (for a few kept beside their screen). */
export function LineIcon({ paths, size = 20 }: { paths: readonly string[]; size?: number }) {
  return (
    <svg {...common} className="icon" width={size} height={size}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <LineIcon paths={PATHS[name]} size={size} />;
}

/* Board controls: each drawn at the size its button is laid out for. */

export function PlusIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function EditIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}

export function TrashIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

export function GripIcon() {
  return (
    <svg {...common} strokeWidth={0} fill="currentColor">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...common} width={16} height={16}>
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

export function SortIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M7 4v16M3.5 16.5 7 20l3.5-3.5" />
      <path d="M13 6h8M13 11h6M13 16h4" />
    </svg>
  );
}
