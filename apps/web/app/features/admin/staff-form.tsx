import { italianDateTime } from '@sodalis/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useFormContext, useFormState, useWatch, type Control } from 'react-hook-form';
import {
  SimpleForm,
  useRecordContext,
  useResourceContext,
  useWarnWhenUnsavedChanges,
  type SimpleFormProps,
} from 'react-admin';
import {
  localDraftKey,
  onRecordSaved,
  readLocalDraft,
  writeLocalDraft,
  type LocalDraft,
} from './local-draft';
import { EditConflictNotice } from './edit-conflict';

/**
 * Keep what the user typed when the form resets to its defaults after mounting: react-admin
 * resets every form to its default values in an effect that runs after the first paint, so
 * text typed into a create form in that moment (a busy phone, a fast typist) was lost.
 */
const KEEP_TYPED_VALUES = { keepDirtyValues: true } as const;

/** The text fields the user changed, as a draft keeps them. */
function changedTexts(
  values: Record<string, unknown>,
  dirty: Partial<Record<string, unknown>>,
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const field of Object.keys(dirty)) {
    const value = values[field];
    if (typeof value === 'string') texts[field] = value;
  }
  return texts;
}

/**
 * The form's local draft (ADR 023): offered back when the form opens with one that differs
 * from the record, then kept current while the user types, until the save succeeds (the data
 * provider drops it).
 */
function LocalDraftKeeper() {
  const resource = useResourceContext() ?? 'modulo';
  const record = useRecordContext();
  const key = localDraftKey(resource, record?.id);
  const { setValue, getValues, formState } = useFormContext();
  const watched = useWatch();
  const [offer, setOffer] = useState<LocalDraft | null>(() => {
    const draft = readLocalDraft(key);
    if (draft === null) return null;
    const current = getValues() as Record<string, unknown>;
    return Object.entries(draft.values).some(([field, value]) => current[field] !== value)
      ? draft
      : null;
  });
  const { isDirty, dirtyFields, isSubmitting, isSubmitSuccessful } = formState;

  useEffect(() => {
    // While a draft is on offer the stored one stays as it is, whatever is typed meanwhile.
    // Written at once (no delay): a write left pending could land after the save dropped it.
    // Nor while saving or once saved: the data provider drops it when the save succeeds.
    if (offer !== null || !isDirty || isSubmitting || isSubmitSuccessful) return;
    writeLocalDraft(key, changedTexts(getValues() as Record<string, unknown>, dirtyFields));
  }, [watched, isDirty, dirtyFields, isSubmitting, isSubmitSuccessful, offer, key, getValues]);

  if (offer === null) return null;
  return (
    <Alert
      severity="info"
      role="status"
      className="admin-local-draft"
      action={
        <>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              for (const [field, value] of Object.entries(offer.values))
                setValue(field, value, { shouldDirty: true });
              setOffer(null);
            }}
          >
            Ripristina la bozza
          </Button>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              writeLocalDraft(key, {});
              setOffer(null);
            }}
          >
            Scarta
          </Button>
        </>
      }
    >
      C’è una bozza di questo modulo non salvata, scritta in questo browser il{' '}
      {italianDateTime(offer.savedAt)}.
    </Alert>
  );
}

/**
 * A saved form is a clean form: when the save of its record goes through, what it holds becomes
 * its unchanged state at once. The reset that keeps typed text (`KEEP_TYPED_VALUES`) kept the
 * saved values marked as changed when the record came back, so leaving the page, or the screen
 * after a save that stays on it, warned about changes already saved.
 */
function SavedFormIsClean() {
  const resource = useResourceContext();
  const record = useRecordContext();
  const { reset, getValues } = useFormContext();
  const id = record?.id;
  useEffect(
    () =>
      onRecordSaved((savedResource, savedId) => {
        if (savedResource !== resource || String(savedId ?? '') !== String(id ?? '')) return;
        reset(getValues());
      }),
    [resource, id, reset, getValues],
  );
  return null;
}

/**
 * react-admin's question before leaving a form with unsaved changes, not asked while a save is
 * under way: the save goes back to the list as soon as the server answers, before the form
 * knows the save succeeded, so the form still looked unsaved and the way back asked whether to
 * abandon what had just been saved. A save that fails leaves the typed text on screen (and in
 * the local draft).
 */
function WarnWhenUnsavedChangesUnlessSaving({
  enable = false,
  formRootPathName,
  formControl,
}: {
  enable?: boolean;
  formRootPathName?: string;
  formControl?: Control;
}) {
  const { isSubmitting } = useFormState(formControl ? { control: formControl } : undefined);
  useWarnWhenUnsavedChanges(enable && !isSubmitting, formRootPathName, formControl);
  return null;
}

/**
 * Every staff form: react-admin's SimpleForm that never drops typed text. A record that changes
 * (another item opened in the same screen) still resets the form whole. Leaving it with unsaved
 * changes asks first, and what is typed is kept as a local draft until saved (ADR 023). A save
 * over a newer version of the record shows the conflict in place and keeps the text (ADR 041).
 */
export function StaffForm({ children, ...props }: SimpleFormProps) {
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      warnWhenUnsavedChanges
      WarnWhenUnsavedChangesComponent={WarnWhenUnsavedChangesUnlessSaving}
      {...props}
    >
      <SavedFormIsClean />
      <EditConflictNotice />
      <LocalDraftKeeper />
      {children}
    </SimpleForm>
  );
}
