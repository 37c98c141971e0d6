import { hasVisibleCharacter } from '@brainboard/domain';
import { useState } from 'react';

/**
 * The field that adds an entry by its title (Focus Mode's "Add a step", the editor's new
 * subtask): the draft, and `add`, which sends the trimmed title when it shows anything (a blank
 * one only clears the field) and clears the field once the entry was added. `saving` is true
 * while the add is on its way, so a second press does not send it twice.
 */
export function useTitleDraft(onAdd: (title: string) => Promise<boolean>) {
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const add = async () => {
    const title = draft.trim();
    if (!hasVisibleCharacter(title)) {
      setDraft('');
      return;
    }
    setSaving(true);
    try {
      if (await onAdd(title)) setDraft('');
    } finally {
      setSaving(false);
    }
  };
  return { draft, setDraft, saving, add };
}
