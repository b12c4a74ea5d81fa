import { DeleteButton, SaveButton, Toolbar } from 'react-admin';

/** The delete's confirmation dialog, in the record kind's own words. */
export interface DeleteConfirmation {
  title: string;
  content: string;
}

/**
 * Save on the left, delete on the right of an edit form. The delete waits for the server
 * (pessimistic) and asks first: react-admin's own question unless `confirm` gives the words;
 * `withDelete={false}` leaves save alone, for a create form sharing the edit's fields.
 */
export function SaveDeleteToolbar({
  confirm,
  withDelete = true,
}: {
  confirm?: DeleteConfirmation | undefined;
  withDelete?: boolean;
}) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {withDelete ? (
        <DeleteButton
          mutationMode="pessimistic"
          {...(confirm ? { confirmTitle: confirm.title, confirmContent: confirm.content } : {})}
        />
      ) : null}
    </Toolbar>
  );
}
