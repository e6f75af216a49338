import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The spec's modal layer: z-index 9000 over an overlay of opacity 0.45 (styles/app.css `.ui-modal`). */
export const MODAL_Z_INDEX = 9000;
export const MODAL_OVERLAY_OPACITY = 0.45;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  onClose: () => void;
  /** The id of the heading that names the dialog (or use `label`). */
  labelledBy?: string;
  label?: string;
  /** Classes of the panel (the element with role="dialog"). */
  className?: string;
  children: ReactNode;
}

/**
 * The one accessible dialog: rendered while mounted, in a portal above the page. Focus moves into
 * it, Tab and Shift+Tab stay inside, Escape and a click on the overlay close it, the page behind
 * does not scroll, and focus returns to what had it before.
 */
export function Modal({ onClose, labelledBy, label, className, children }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const items = () =>
      Array.from(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
    (panel.current?.querySelector<HTMLElement>('input, textarea, select') ?? items()[0] ?? panel.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const list = items();
      if (list.length === 0) return event.preventDefault();
      const active = document.activeElement;
      if (event.shiftKey && (active === list[0] || !panel.current.contains(active))) {
        event.preventDefault();
        list[list.length - 1].focus();
      } else if (!event.shiftKey && (active === list[list.length - 1] || !panel.current.contains(active))) {
        event.preventDefault();
        list[0].focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      if (opener && document.contains(opener)) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="ui-modal" data-testid="modal-root">
      <div
        className="ui-modal__overlay"
        data-testid="modal-overlay"
        onClick={() => close.current()}
        aria-hidden="true"
      />
      <div
        ref={panel}
        className={`ui-modal__panel${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : label}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
