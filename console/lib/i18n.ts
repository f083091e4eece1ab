/**
 * Every text the console shell and the UI kit show, in one zh-CN dictionary. Feature pages keep the
 * spec's exact texts; they add their own entries here rather than writing strings inline.
 */
export const zh = {
  hallTitle: '测绘中介服务网上办事大厅',
  consoleName: '业务管理平台',
  skipToContent: '跳到主要内容',
  loading: '正在加载…',
  common: {
    confirm: '确定',
    cancel: '取消',
    close: '关闭',
    retry: '重试',
  },
  header: {
    backToHall: '返回办事大厅首页',
    subsystems: '切换子系统',
    userCenter: '用户中心',
    department: '所属部门',
    messages: '消息通知',
    unread: (count: number) => (count > 0 ? `消息通知，${count} 条未读` : '消息通知，没有未读消息'),
    logout: '退出',
    menu: '菜单',
  },
  logout: {
    title: '退出登录',
    // Spec section 8: logout confirmation.
    confirm: '您确定要退出登录吗?',
  },
  menu: {
    label: '功能菜单',
    collapse: '收起菜单',
    expand: '展开菜单',
    empty: '暂无可用的功能菜单',
  },
  breadcrumb: {
    label: '当前位置',
  },
  notFound: {
    title: '页面不存在',
    body: '您访问的页面不存在或尚未开放，请从左侧菜单选择要办理的事项。',
    home: '返回办事大厅首页',
  },
  statistics: {
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
  },
  failure: {
    title: '页面加载失败',
    session: '登录已失效，正在返回首页…',
    requestId: '请求编号',
  },
} as const;
