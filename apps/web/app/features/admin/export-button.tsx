import { Button, FilterButton, TopToolbar, useListContext, useNotify } from 'react-admin';
import { adminPath, downloadExport, listQuery } from './data-provider';
import { errorText } from './error-text';

/**
 * "Esporta CSV" of a list: the resource's `/Export` with the list's current filters; with
 * `format="xlsx"`, "Esporta Excel" asks the same export as a workbook.
 */
export function ExportCsvButton({
  resource,
  fileName,
  format,
}: {
  resource: string;
  fileName: string;
  format?: 'xlsx';
}) {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const filter: Record<string, unknown> =
    format === undefined ? filterValues : { ...filterValues, format };
  return (
    <Button
      label={format === undefined ? 'Esporta CSV' : 'Esporta Excel'}
      onClick={() => {
        downloadExport(`${adminPath(resource)}/Export?${listQuery({ filter })}`, fileName).catch(
          (error: unknown) =>
            notify(errorText(error, 'Esportazione non riuscita.'), { type: 'error' }),
        );
      }}
    />
  );
}

/** A list's top bar when it only filters and exports: "Aggiungi filtro" and "Esporta CSV". */
export function FilterExportActions({
  resource,
  fileName,
}: {
  resource: string;
  fileName: string;
}) {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportCsvButton resource={resource} fileName={fileName} />
    </TopToolbar>
  );
}
