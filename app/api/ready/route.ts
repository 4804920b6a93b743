import { NextResponse } from 'next/server';
import { stateStore } from '@/lib/platform/state/state.server';

// GET /api/ready: the state store answers, so this instance can serve (no session, nothing leaked).

export const dynamic = 'force-dynamic';

export async function GET() {
  const ready = await Promise.race([
    stateStore()
      .ping()
      .catch(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
  ]);
  return NextResponse.json({ ready }, { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } });
}
