import type { ComponentType } from 'react';
import type { ConsoleFeature, FeatureRouteId } from '@shared/domain/console-pages';

/**
 * Loads one page's component: `() => import('./list-pages').then((module) => module.ListPage)`. A page
 * is a chunk with its own module's code, so opening one page does not load its feature's others
 * (issue 23: the archive's pages are held to a JavaScript budget).
 */
export type PageLoader = () => Promise<ComponentType>;

/**
 * What a feature's module (console/features/<feature>/index.ts) exports as `pages`: a loader of the
 * component for each route shared/domain/console-pages.ts lists for the feature, keyed by route id,
 * none else.
 */
export type FeaturePages<F extends ConsoleFeature> = Readonly<Record<FeatureRouteId<F>, PageLoader>>;
