/** The pages of /credit, /blacklist and /personnelblacklist, each a configured CreditEntryList. */
import { creditCalls } from '@shared/contracts/credit';
import { CreditEntryList } from './credit-entry-list';

/** /credit/lose: lost-credit agencies; the authority adds and ends entries. */
export function LosePage() {
  return (
    <CreditEntryList
      title="失信机构"
      description="被认定为失信的测绘中介机构。生效期间不能被选为新项目的测绘机构，名录中显示失信标记；到结束日期后自动失效。"
      call={creditCalls.queryLose}
      add="lostCredit"
      canEnd
    />
  );
}

/** /credit/loseNot: unqualified agencies in force, then their history. */
export function LoseNotPage() {
  return (
    <>
      <CreditEntryList
        title="不合格机构"
        description="生效中的不合格认定及其违规项目。到结束日期后自动转入历史记录。"
        call={creditCalls.queryUnqualified}
        add="unqualified"
        canEnd
      />
      <CreditEntryList
        title="不合格机构历史记录"
        description="已到期或已撤销的不合格认定。"
        call={creditCalls.queryHistoryUnqualified}
      />
    </>
  );
}

/** /blacklist/blacklistManagement: the organization blacklist, maintained by the authority. */
export function BlacklistManagementPage() {
  return (
    <CreditEntryList
      title="黑名单管理"
      description="列入黑名单的测绘中介机构：生效期间不能被选为新项目的测绘机构，名录中显示黑名单标记。"
      call={creditCalls.queryBlacklist}
      add="blacklist"
      canEnd
    />
  );
}

/** /blacklist/blacklistNot: every signed-in role may look the blacklist up (read only). */
export function BlacklistQueryPage() {
  return (
    <CreditEntryList
      title="黑名单查询"
      description="查询测绘中介机构黑名单，选择测绘机构前请先核实。"
      call={creditCalls.queryBlacklist}
    />
  );
}

/** /personnelblacklist/personnelblacklist: the person blacklist (by ID card number). */
export function PersonnelBlacklistPage() {
  return (
    <CreditEntryList
      title="人员黑名单"
      description="列入黑名单的从业人员，按身份证号码在所有机构有效。"
      call={creditCalls.queryPersonBlacklist}
      add="person"
      canEnd
      person
    />
  );
}
