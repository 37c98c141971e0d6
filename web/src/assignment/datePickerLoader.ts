import { loadOnce } from '../ui/loadOnce.ts';
import type { DatePickerField } from './DatePickerField.tsx';

type Picker = typeof DatePickerField;

let loaded: Picker | null = null;

/** DateField's calendar once its chunk has loaded here, else null. */
export const loadedDatePicker = (): Picker | null => loaded;

/**
 * Loads the calendar's chunk (once; a failed load is tried again on the next call). Until it
 * arrives, a DateField is a plain text field that reads typed dates the same way.
 */
export const loadDatePicker: () => Promise<Picker> = loadOnce(() =>
  import('./DatePickerField.tsx').then((m) => (loaded = m.DatePickerField)),
);
