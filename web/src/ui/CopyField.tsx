import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Icon } from './icons.tsx';
import './copyField.css';

const COPIED = 'Copied';
const NOT_COPIED = 'Could not copy. Select the link and copy it yourself.';

/**
 * A link Brainboard gives the student: a read-only field (selected whole when focused) and a
 * "Copy link" button. A copy says "Copied" in a toast; when the browser refuses (no permission,
 * or a page not served over https) the toast says what to do instead and the link is selected,
 * ready for the student's own copy. The same words go to a status line inside the field's
 * dialog, which screen readers hear while the page behind the dialog is hidden from them.
 */
export function CopyField({ value, label }: { value: string; label: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(COPIED);
      toast.success(COPIED, { id: 'copied' });
    } catch {
      setSaid(NOT_COPIED);
      toast.error(NOT_COPIED, { id: 'copied' });
      field.current?.focus();
      field.current?.select();
    }
  }

  return (
    <div className="copy-field">
      <input
        ref={field}
        className="text-field copy-field__input"
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="button copy-field__button" onClick={() => void copy()}>
        <Icon name="copy" size={18} />
        Copy link
      </button>
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </div>
  );
}
