import { NextResponse, type NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { errorResponse, json } from '@/lib/platform/api.server';
import { requireConnection, route } from '@/lib/connection/route.server';
import { getProgress, progressKey } from '@/lib/csv/export-progress.server';

// GET /api/export/progress/<exportId>: how far a streamed export got, and where it failed; 204 when
// nothing is known of it (not begun yet, or another connection's).

export const GET = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const [{ id }, t] = await Promise.all([params, getTranslations('table.api')]);
  if (!/^[a-z0-9-]{8,40}$/.test(id)) return errorResponse(400, t('notAnExportId'));
  const active = await requireConnection();
  const progress = await getProgress(progressKey(active.connection.id, id));
  // Not begun (yet), or another connection's: nothing to say, and the same answer for both.
  if (!progress) return new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return json(progress);
});
