/** The pages of the notices feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'notices'> = {
  'noticemanger/message': () => import('./message-list-page').then((module) => module.MessageListPage),
  'noticemanger/messageinfo': () => import('./message-info-page').then((module) => module.MessageInfoPage),
  'noticemanger/messagemaintain': () =>
    import('./message-maintain-page').then((module) => module.MessageMaintainPage),
};
