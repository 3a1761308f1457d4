import { createBrowserRouter, type RouteObject } from "react-router";

/** The browser's router of the page routes (routes.tsx); its own module so main.tsx can load it as a stage. */
export const createAppRouter = (routes: RouteObject[]) => createBrowserRouter(routes);
