import { useEffect, useRef } from 'react';
import { Toaster } from 'sonner';
import { Icon } from './icons.tsx';
import './toasts.css';

/**
 * The app's toasts (sonner). A failure looks and sounds different from a success: the overdue
 * tint, an alert icon, and role "alert", so assistive technology reads it at once.
 */
export function AppToaster({ theme }: { theme: 'light' | 'dark' }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = root.current;
    if (!box) return;
    const mark = () => {
      for (const el of box.querySelectorAll('[data-sonner-toast][data-type="error"]')) {
        if (el.getAttribute('role') !== 'alert') el.setAttribute('role', 'alert');
      }
    };
    const watcher = new MutationObserver(mark);
    watcher.observe(box, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, []);
  return (
    <div ref={root} className="app-toaster">
      <Toaster
        theme={theme}
        position="top-center"
        closeButton
        icons={{ error: <Icon name="alert" size={18} /> }}
      />
    </div>
  );
}
