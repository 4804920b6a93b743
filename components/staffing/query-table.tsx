'use client';

import { DataTable, type DataTableProps } from '@/components/data-table/data-table';

/** A staffing table fed by one read: its loading, failure and retry come from the query. */
export function QueryTable({
  query,
  ...props
}: Omit<DataTableProps, 'loading' | 'error' | 'onRetry'> & {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
}) {
  return <DataTable {...props} loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} />;
}
