import { afterEach, describe, expect, it } from 'vitest';
import { focusAfterDelete } from './focusAfterDelete.ts';

function board(cards: string[]) {
  document.body.innerHTML = `
    <section>
      <button class="column__add">Add New Task</button>
      <ul>${cards
        .map(
          (id) => `<li data-card-id="${id}">
            <button>Edit ${id}</button><button>Delete ${id}</button><button>Move ${id}</button>
          </li>`,
        )
        .join('')}</ul>
    </section>
    <button>Elsewhere</button>`;
}
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const remove = (id: string) => document.querySelector(`[data-card-id="${id}"]`)!.remove();

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusAfterDelete', () => {
  it('moves focus from the deleted card to the next card’s first control', () => {
    board(['a', 'b', 'c']);
    button('Delete b').focus();
    const refocus = focusAfterDelete('b');
    remove('b');
    refocus();
    expect(document.activeElement).toBe(button('Edit c'));
  });

  it('uses the card before when the last one goes, and the add button when none is left', () => {
    board(['a', 'b']);
    button('Delete b').focus();
    const refocus = focusAfterDelete('b');
    refocus(); // focus still inside the card: moves at once
    expect(document.activeElement).toBe(button('Edit a'));
    remove('b');

    button('Delete a').focus();
    const last = focusAfterDelete('a');
    remove('a');
    last();
    expect(document.activeElement).toBe(button('Add New Task'));
  });

  it('leaves focus alone when the student has moved on', () => {
    board(['a', 'b']);
    const refocus = focusAfterDelete('a');
    button('Elsewhere').focus();
    remove('a');
    refocus();
    expect(document.activeElement).toBe(button('Elsewhere'));
  });
});
