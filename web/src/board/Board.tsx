/** Placeholder until the board lands (issue 5). */
export function Board() {
  return <p>Your board is on its way.</p>;
}
