import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Children, isValidElement, type MouseEvent, type ReactElement } from 'react';
import {
  DatagridCell,
  useCreatePath,
  useNavigate,
  useRecordContext,
  useResourceContext,
  type DatagridRowProps,
  type RaRecord,
} from 'react-admin';

interface LabelledSelectRowProps extends DatagridRowProps {
  /** What the row is, for its checkbox's label: "Seleziona <name>". */
  nameOf: (record: RaRecord) => string;
}

/**
 * A list row whose checkbox says what it selects (ADR 023): react-admin's own row puts its
 * `aria-label` on the checkbox's wrapping span and leaves the input unlabelled, which axe
 * rightly refuses. Clicking elsewhere on the row opens the record, as `rowClick` says.
 */
export function LabelledSelectRow({
  nameOf,
  children,
  className,
  id,
  onToggleItem,
  rowClick,
  selected = false,
  selectable = true,
  hasBulkActions = false,
  style,
  ...props
}: LabelledSelectRowProps) {
  const record = useRecordContext();
  // The list's resource: the Datagrid passes its own prop only when one was given.
  const resource = useResourceContext(props);
  const createPath = useCreatePath();
  const navigate = useNavigate();
  if (record === undefined || id === undefined) return null;
  const opens = typeof rowClick === 'string' && (rowClick === 'edit' || rowClick === 'show');
  function open() {
    if (!opens || resource === undefined) return;
    navigate(createPath({ resource, id, type: rowClick as 'edit' | 'show' }), {
      state: { _scrollToTop: true },
    });
  }
  return (
    <TableRow
      className={className}
      style={style}
      hover
      onClick={open}
      sx={opens ? { cursor: 'pointer' } : undefined}
    >
      {hasBulkActions ? (
        <TableCell padding="checkbox">
          <Checkbox
            color="primary"
            className="select-item"
            checked={selectable && selected}
            disabled={!selectable}
            slotProps={{ input: { 'aria-label': `Seleziona ${nameOf(record)}` } }}
            onClick={(event: MouseEvent) => {
              event.stopPropagation();
              if (selectable && onToggleItem) onToggleItem(id, event);
            }}
          />
        </TableCell>
      ) : null}
      {Children.map(children, (field, index) =>
        isValidElement(field) ? (
          <DatagridCell
            key={`${String(id)}-${index}`}
            field={field as ReactElement<{ source?: string }>}
            className={`column-${String((field.props as { source?: string }).source ?? index)}`}
            record={record}
            resource={resource}
          />
        ) : null,
      )}
    </TableRow>
  );
}
