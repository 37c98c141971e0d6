import { limitReachedText } from './editorText.ts';

/**
 * "n/max" under a text field; red above `warnAbove` (docs/product.md, Limits). Once the field is
 * full, a short
 * note says so, because the field silently refuses more characters.
 */
export function CharCounter({
  id,
  length,
  max,
  warnAbove,
  label,
}: {
  id: string;
  length: number;
  max: number;
  /** Omit for no warning colour. */
  warnAbove?: number;
  /** The field's name in the limit note, e.g. "Title". */
  label: string;
}) {
  const warn = warnAbove !== undefined && length > warnAbove;
  return (
    <span id={id} className="field__help">
      {length >= max && (
        <span className="field__limit" role="status">
          {limitReachedText(label, max)}
        </span>
      )}
      {warnAbove !== undefined && (
        <span className={`counter${warn ? ' counter--warn' : ''}`} data-warn={warn || undefined}>
          {length}/{max}
        </span>
      )}
    </span>
  );
}
