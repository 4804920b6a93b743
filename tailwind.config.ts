import type { Config } from 'tailwindcss';
import { APPT_COLORS, STATE_COLORS } from './lib/timetable/palette';

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
        // One colour per appointment `type` and the states' colours (the painted week grid draws with them too).
        appt: APPT_COLORS,
        state: STATE_COLORS,
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
      // A link whose page is on its way (components/ui/pending-link.tsx): hidden for 150 ms, so a
      // quick page never flashes it, then pulsing.
      keyframes: {
        'link-pending': { '0%, 100%': { opacity: '0.35' }, '50%': { opacity: '1' } },
      },
      animation: {
        'link-pending': 'link-pending 1s ease-in-out 150ms infinite',
      },
      fontFamily: {
        sans: ['ui-sans-serif', 'system-ui', 'Segoe UI', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'],
      },
    },
  },
  plugins: [],
};

export default config;
