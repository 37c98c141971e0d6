import { useEffect, useRef } from 'react';

export interface ViewedImage {
  src: string;
  alt: string;
  caption: string;
}

/**
 * Full-size image viewer on the native <dialog> (modal: focus stays inside,
 * Escape closes, focus returns to the opener), so the landing page needs no
 * dialog library. A click on the backdrop closes it too.
 */
export function ImageViewer({ image, onClose }: { image: ViewedImage | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (image && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!image && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [image]);

  return (
    <dialog
      ref={ref}
      className="viewer"
      aria-label={image?.caption}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The backdrop belongs to the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {image && (
        <figure className="viewer__figure">
          <img className="viewer__image" src={image.src} alt={image.alt} />
          <figcaption className="viewer__bar">
            <span className="viewer__caption">{image.caption}</span>
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </figcaption>
        </figure>
      )}
    </dialog>
  );
}
