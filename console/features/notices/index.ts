/** The noticemanger route group's pages: one lazy chunk, registered in console/app/pages.ts. */
import { StatisticalPage } from './statistical-page';
import { ApprovalOpinionsPage } from './approval-opinions-page';
import { MessageInfoPage } from './message-info-page';
import { MessageListPage } from './message-list-page';
import { MessageMaintainPage } from './message-maintain-page';

export const pages = {
  statistical: StatisticalPage,
  approvalOpinions: ApprovalOpinionsPage,
  message: MessageListPage,
  messageinfo: MessageInfoPage,
  messagemaintain: MessageMaintainPage,
};
