/** The paths that show no signed-in page, besides the landing page "/". */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth/google', '/privacy', '/tos'];
