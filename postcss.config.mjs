// Tailwind reads tailwind.config.ts; autoprefixer covers the browsers in Next's default list.
const config = {
  plugins: {
    tailwindcss: {},
    autoprefixer: {},
  },
};

export default config;
