// @ts-check
// The floor's configuration: the options of the dashboard's next.config.mjs that shape what the
// browser loads (React's strict mode; the rest concern the server), nothing else.
/** @type {import('next').NextConfig} */
const nextConfig = { poweredByHeader: false, reactStrictMode: true, typescript: { ignoreBuildErrors: true } };

export default nextConfig;
