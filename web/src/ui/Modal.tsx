import * as Dialog from '@radix-ui/react-dialog';
import {
  useCallback,
  useEffect,
  useRef,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { RemoveScroll } from 'react-remove-scroll';
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

/** How many dialogs are open (a question can open over the editor). */
let openDialogs = 0;

/**
 * The dim layer under a dialog, which takes the clicks meant for the page behind (Radix then
 * closes the dialog). It is ours rather than Radix's `Dialog.Overlay`, for its scroll lock:
 *
 * - Radix's also hides the page's scroll bar (react-remove-scroll-bar): a style sheet, an
 *   attribute and `overflow: hidden` on `<body>`, added on each opening and removed on each
 *   closing. On a board of 300 cards that was 10-40 ms of the main thread's work in every
 *   opening at 4× CPU throttling (decision 0034).
 * - This one keeps only the part that matters: a wheel or a touch that would scroll the page
 *   behind is cancelled, anywhere but inside the dialog (react-remove-scroll, the same library,
 *   with `removeScrollBar` off). The scroll bar stays where it is, so nothing behind moves.
 *
 * While it is shown, `<body>` has the class `modal-open`, for the toasts (modal.css).
 */
function Overlay({ content }: { content: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    openDialogs += 1;
    document.body.classList.add('modal-open');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('modal-open');
    };
  }, []);
  // Radix makes the page behind unclickable (`pointer-events: none` on <body>, which base.css
  // overrides). Like Radix's own overlay, this one takes the clicks whatever <body> says.
  return (
    <RemoveScroll forwardProps removeScrollBar={false} allowPinchZoom shards={[content]}>
      <div className="modal-overlay" style={{ pointerEvents: 'auto' }} />
    </RemoveScroll>
  );
}

/** How each open dialog closes, by its element: for an Escape that reached a dialog below it. */
const closers = new WeakMap<Element, () => void>();

/**
 * The open dialog on top, if it is not `dialog`: each opens in a portal at the end of `<body>`,
 * so the last open one is on top. Radix listens for Escape in the dialog it takes for the top
 * one, and learns of a dialog opened over another in a render it schedules after the opening:
 * an Escape pressed before that render (a busy phone, a quick hand) reaches the dialog below.
 */
function aboveIt(dialog: HTMLElement | null): Element | null {
  const open = document.querySelectorAll('.modal[data-state="open"]');
  const top = open[open.length - 1];
  return top !== undefined && top !== dialog ? top : null;
}

/**
 * The one dialog of the app, on Radix Dialog: focus is trapped inside and
 * returned on close, Escape and the overlay close it, and the page behind is
 * hidden from screen readers and does not scroll.
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
  const content = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  const contentRef = useCallback((el: HTMLDivElement | null) => {
    content.current = el;
    if (el) closers.set(el, () => close.current());
  }, []);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Overlay content={content} />
        <Dialog.Content
          ref={contentRef}
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
          onEscapeKeyDown={(e) => {
            // Such an Escape closes the dialog on top, the one the student sees, and not this one.
            const top = aboveIt(content.current);
            if (top === null) return;
            e.preventDefault();
            closers.get(top)?.();
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
