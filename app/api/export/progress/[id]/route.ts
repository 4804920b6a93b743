import type { NextRequest } from 'next/server';
import { errorResponse, json, route } from '@/lib/server/api.server';
import { getProgress } from '@/lib/server/export-progress.server';

// GET /api/export/progress/<exportId>: how far a streamed export got, and where it failed.

export const GET = route<{ params: Promise<{ id: string }> }>(async (_req: NextRequest, { params }) => {
  const { id } = await params;
  if (!/^[a-z0-9-]{8,40}$/.test(id)) return errorResponse(400, 'That is not an export id.');
  const progress = getProgress(id);
  if (!progress) return errorResponse(404, 'No export with that id is known (it may not have started yet).');
  return json(progress);
});
