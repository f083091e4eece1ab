/** The pages of the notices feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { MessageInfoPage } from './message-info-page';
import { MessageListPage } from './message-list-page';
import { MessageMaintainPage } from './message-maintain-page';

export const pages: FeaturePages<'notices'> = {
  'noticemanger/message': MessageListPage,
  'noticemanger/messageinfo': MessageInfoPage,
  'noticemanger/messagemaintain': MessageMaintainPage,
};
