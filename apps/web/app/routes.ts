import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The route table (spec §2.1); Italian URLs as the spec has them. */
export default [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')] satisfies RouteConfig;
