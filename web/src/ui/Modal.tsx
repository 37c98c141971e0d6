import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  /** Screen-reader description; defaults to none. */
  description?: ReactNode;
  children: ReactNode;
  /** Let the person resize it (min 320x300, max 95vw x 90vh unless given). */
  resizable?: boolean;
  minWidth?: number;
  minHeight?: number;
  /** Covers the whole screen (Focus Mode). */
  fullScreen?: boolean;
  /** Close on an overlay click (default true). */
  closeOnOverlay?: boolean;
  className?: string;
  /** Label of the close button (default "Close"). */
  closeLabel?: string;
  /** What takes focus on opening (default: the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A role of "alertdialog" for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The one dialog of the app, on Radix Dialog: focus is trapped inside and
 * returned on close, Escape and the overlay close it, and the page behind is
 * hidden from screen readers.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  resizable = false,
  minWidth = 320,
  minHeight = 300,
  fullScreen = false,
  closeOnOverlay = true,
  className,
  closeLabel = 'Close',
  initialFocus,
  role = 'dialog',
}: ModalProps) {
  const style: CSSProperties = fullScreen ? {} : { minWidth, minHeight };
  // Radix returns focus to a Dialog.Trigger, and we open dialogs without one: remember what had
  // focus when it opened and go back there on close, so keyboard users keep their place.
  const returnTo = useRef<Element | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={[
            'modal',
            resizable ? 'modal--resizable' : '',
            fullScreen ? 'modal--full' : '',
            className ?? '',
          ]
            .filter(Boolean)
            .join(' ')}
          style={style}
          role={role}
          // Radix hides the page behind from assistive technology; say so on the dialog too.
          aria-modal="true"
          onOpenAutoFocus={(e) => {
            returnTo.current = document.activeElement;
            const first = initialFocus?.current;
            if (first) {
              e.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            const back = returnTo.current;
            returnTo.current = null;
            if (back instanceof HTMLElement && back.isConnected && back !== document.body) {
              e.preventDefault();
              back.focus();
            }
          }}
          onPointerDownOutside={(e) => {
            if (!closeOnOverlay) e.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          )}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
