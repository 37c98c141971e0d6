import { Icon } from '../ui/icons.tsx';
import { toggleTheme } from './theme.ts';
import { useTheme } from './useTheme.ts';

/**
 * The header toggle. It names the theme it switches to: "Dark Mode" while
 * the light theme shows, "Light Mode" while the dark theme shows.
 */
export function ThemeToggle({ className = 'button button--quiet' }: { className?: string }) {
  const { theme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggleTheme}
      title={`Switch to the ${next} theme`}
    >
      <span aria-hidden="true" className="theme-toggle__icon">
        <Icon name={next === 'dark' ? 'moon' : 'sun'} size={18} />
      </span>{' '}
      {/* A phone's header shows "Dark" or "Light"; the name stays "Dark Mode" (dashboard.css). */}
      <span className="dashboard__label">
        {next === 'dark' ? 'Dark' : 'Light'} <span className="theme-toggle__mode">Mode</span>
      </span>
    </button>
  );
}
