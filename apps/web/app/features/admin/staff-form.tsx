import { SimpleForm, type SimpleFormProps } from 'react-admin';

/**
 * Keep what the user typed when the form resets to its defaults after mounting: react-admin
 * resets every form to its default values in an effect that runs after the first paint, so
 * text typed into a create form in that moment (a busy phone, a fast typist) was lost.
 */
const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;

/**
 * Every staff form: react-admin's SimpleForm that never drops typed text. A record that changes
 * (another item opened in the same screen) still resets the form whole.
 */
export function StaffForm(props: SimpleFormProps) {
  return <SimpleForm resetOptions={KEEP_TYPED_VALUES} {...props} />;
}
