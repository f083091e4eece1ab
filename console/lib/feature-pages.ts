import type { ComponentType } from 'react';
import type { ConsoleFeature, FeatureRouteId } from '@shared/domain/console-pages';

/**
 * What a feature's module (console/features/<feature>/index.ts) exports as `pages`: one component for
 * each route shared/domain/console-pages.ts lists for the feature, keyed by route id, none else.
 */
export type FeaturePages<F extends ConsoleFeature> = Readonly<Record<FeatureRouteId<F>, ComponentType>>;
