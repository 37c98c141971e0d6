/**
 * Messages (docs/product.md, Messages) are alerts and confirmations unless stated otherwise.
 * One seam for them, so components stay testable and the style can change
 * in one place.
 */
export function showAlert(message: string): void {
  window.alert(message);
}

export function askToConfirm(message: string): boolean {
  return window.confirm(message);
}
