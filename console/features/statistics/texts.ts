/** The texts of this feature's pages (zh-CN), beside them: the shell's dictionary (console/lib/i18n.ts) loads with every page. */

export const statisticsTexts = {
  title: '统计分析',
  description: '全市多测合一业务的总体情况',
  refresh: '刷新数据',
  updatedAt: '数据更新时间：',
  agencies: '入驻中介机构',
  agenciesHint: '审核通过的测绘中介机构',
  constructionUnits: '建设单位',
  constructionUnitsHint: '已注册的建设单位',
  projects: '测绘项目',
  projectsHint: '平台登记的建设项目',
  departments: '政府部门',
  departmentsHint: '主管部门、区县分局与成果共享单位',
};
