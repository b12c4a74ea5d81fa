import { Button, FilterButton, TopToolbar, useListContext, useNotify } from 'react-admin';
import { adminPath, downloadExport, listQuery } from './data-provider';
import { errorText } from './error-text';

/** "Esporta CSV" of a list: the resource's `/Export` with the list's current filters. */
export function ExportCsvButton({ resource, fileName }: { resource: string; fileName: string }) {
  const { filterValues } = useListContext();
  const notify = useNotify();
  return (
    <Button
      label="Esporta CSV"
      onClick={() => {
        downloadExport(
          `${adminPath(resource)}/Export?${listQuery({ filter: filterValues })}`,
          fileName,
        ).catch((error: unknown) =>
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
