/**
 * The open event forms, by event uuid, for writers outside the form (the map's target and address search,
 * issue 12 item 9). The form is where the dispatcher types during a call; its values are not in any store until
 * saved, so whoever wants to change the address must read and write them here, or what was typed would be lost
 * (a local event saves the form's values over the store's) or silently replaced.
 */
import type { EventFormValues } from './formModel';

export interface OpenForm {
  /** the values as the form shows them now */
  values: () => EventFormValues;
  /** true when the user changed something since the form was loaded */
  edited: () => boolean;
  /** sets fields as if the user had typed them (dirty: the next 'Uložit' sends them) */
  set: (patch: EventFormValues) => void;
}

const forms = new Map<string, OpenForm>();

/** Registers the form of an event; returns the unregister (for an effect's cleanup). */
export function registerForm(uuid: string, form: OpenForm): () => void {
  forms.set(uuid, form);
  return () => {
    if (forms.get(uuid) === form) forms.delete(uuid);
  };
}

export function openFormOf(uuid: string): OpenForm | undefined {
  return forms.get(uuid);
}
