/**
 * Keyboard focus when a card is deleted: the card that had it disappears, so focus would drop
 * to the page. Call before deleting; the returned function moves focus to the next card in the
 * column (its first control, Edit), else the card before, else the column's add button. It acts
 * only when focus was in the deleted card or already lost.
 */
export function focusAfterDelete(id: string, root: ParentNode = document): () => void {
  const card = root.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
  if (!card) return () => {};
  const isCard = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && el.hasAttribute('data-card-id');
  const neighbour = isCard(card.nextElementSibling)
    ? card.nextElementSibling
    : isCard(card.previousElementSibling)
      ? card.previousElementSibling
      : null;
  const target =
    neighbour?.querySelector<HTMLElement>('button') ??
    card.closest('section')?.querySelector<HTMLElement>('.column__add') ??
    null;
  return () => {
    const active = card.ownerDocument.activeElement;
    const lost = !active || active === card.ownerDocument.body || card.contains(active);
    if (lost && target?.isConnected) target.focus();
  };
}
