// The fixed school's date: what the tests, the bench and the screenshots pin (`--today 2026-11-20`).
// Its own module, free of imports, so the Playwright config can read it too.

/** The tests', the bench's and the screenshots' school: its snapshot 17:00, its cover days 18–26 Nov. */
export const FIXED_TODAY = '2026-11-20';
