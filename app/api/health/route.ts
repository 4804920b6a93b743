import { NextResponse } from 'next/server';

// GET /api/health: the process answers (for a load balancer; no session, nothing about the setup).

export const dynamic = 'force-dynamic';

export function GET() {
  return NextResponse.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
}
