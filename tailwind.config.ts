import type { Config } from 'tailwindcss';

// Theme tokens of Rooster. Components use these names (bg-appt-lesson, text-state-cancelled,
// h-grid-hour...) rather than raw palette colours, so a type's colour is decided here once.
// Text on every `appt-*` background is `appt-ink`; pairs are chosen for WCAG AA contrast.

const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          DEFAULT: '#b45309',
          strong: '#92400e',
          soft: '#fef3c7',
        },
        ink: {
          DEFAULT: '#1f2937',
          muted: '#4b5563',
          faint: '#6b7280',
        },
        surface: {
          DEFAULT: '#ffffff',
          sunken: '#f8fafc',
          line: '#e2e8f0',
        },
        // One colour per appointment `type` (the spec's allowed values).
        appt: {
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
        },
        // Text states are at least 4.5:1 on every appointment colour at the blocks' 11 px
        // (cancelled #4b5563: 6.1:1 or more; changed #9a3412: 5.9:1 or more).
        state: {
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
        },
        // A teacher's difference against the contract: over and under target, always with words too.
        balance: {
          over: '#92400e',
          'over-bg': '#fef3c7',
          under: '#1e40af',
          'under-bg': '#dbeafe',
        },
      },
      spacing: {
        // The timetable grid: height of one hour on the time axis, width of the time gutter,
        // minimum width of a day column and the gap between side-by-side blocks.
        'grid-hour': '4.5rem',
        'grid-gutter': '3.5rem',
        'grid-day': '9rem',
        'grid-gap': '2px',
      },
      fontFamily: {
        sans: ['ui-sans-serif', 'system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
  plugins: [],
};

export default config;
