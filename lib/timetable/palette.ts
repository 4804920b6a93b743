// The colours of appointment types and states, one copy: tailwind.config.ts names them for the
// classes (bg-appt-lesson, text-state-cancelled…), the painted week grid draws with them.

/** One colour per appointment `type` (the spec's allowed values); text on each is `ink`. */
export const APPT_COLORS = {
  ink: '#111827',
  lesson: '#dbeafe',
  exam: '#fde68a',
  activity: '#d1fae5',
  talk: '#ede9fe',
  meeting: '#fce7f3',
  interlude: '#e5e7eb',
  choice: '#fff7ed',
  conflict: '#fee2e2',
  unknown: '#f1f5f9',
};

// Text states are at least 4.5:1 on every appointment colour at the blocks' 11 px
// (cancelled #4b5563: 6.1:1 or more; changed #9a3412: 5.9:1 or more).
export const STATE_COLORS = {
  cancelled: '#4b5563',
  'cancelled-bg': '#f3f4f6',
  changed: '#9a3412',
  // The previous version's value, struck through before the new one (~~yve~~ mja).
  was: '#4b5563',
  'changed-bg': '#ffedd5',
  new: '#15803d',
  danger: '#b91c1c',
  'danger-bg': '#fef2f2',
  warn: '#92400e',
  'warn-bg': '#fffbeb',
  ok: '#166534',
  'ok-bg': '#f0fdf4',
};
