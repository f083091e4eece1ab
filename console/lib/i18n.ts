/**
 * The texts the console shell shows, and those several features share, in one zh-CN dictionary: it
 * loads with every console page. The kit's texts are in console/kit/texts.ts and a feature's own in
 * its texts.ts (console/features/<feature>/texts.ts), so they load with the pages that show them.
 * Feature pages keep the spec's exact texts there rather than writing strings inline.
 */
import { uiTexts } from '@shared/ui/texts';

export const zh = {
  ...uiTexts,
  hallTitle: '测绘中介服务网上办事大厅',
  consoleName: '业务管理平台',
  skipToContent: '跳到主要内容',
  loading: '正在加载…',
  header: {
    updateLog: '更新日志',
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
  profile: {
    open: '个人信息',
    title: '个人信息',
    description: '您的账户信息',
    realName: '真实姓名',
    account: '登录账户',
    phone: '手机号码',
    email: '电子邮箱',
    modify: '修改',
    changePassword: '修改密码',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    passwordHint: '不修改密码请留空；新密码不少于8位，须同时包含大写字母、小写字母和数字',
    save: '保存',
    saving: '正在保存…',
    empty: '未填写',
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
  messages: {
    title: '消息通知',
    description: '与您相关的待办与审核结果',
    filter: '阅读状态',
    all: '全部',
    unread: '未读',
    read: '已读',
    unreadTag: '未读',
    selectAll: '选择本页全部消息',
    select: (content: string) => `选择消息：${content}`,
    markSelected: '批量标记已读',
    deleteSelected: '批量删除',
    markOne: '标为已读',
    deleteOne: '删除',
    open: '查看',
    content: '消息内容',
    time: '时间',
    actions: '操作',
    deleteTitle: '删除消息',
    empty: '暂无消息',
    emptyUnread: '没有未读消息，新的待办和审核结果会显示在这里。',
    emptyAll: '您还没有收到消息。业务办理中的待办、审核结果会通过消息通知您。',
    loadFailed: '消息加载失败',
    selected: (count: number) => `已选 ${count} 条`,
    pagination: '消息分页',
  },
  failure: {
    title: '页面加载失败',
    session: '登录已失效，正在返回首页…',
    requestId: '请求编号',
  },
} as const;
