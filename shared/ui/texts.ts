/**
 * The texts of the UI pieces the hall and the console share (shared/ui): buttons, forms, the pager.
 * The console's dictionary (console/lib/i18n.ts) includes them.
 */
export const uiTexts = {
  common: {
    confirm: '确定',
    cancel: '取消',
    close: '关闭',
    retry: '重试',
    search: '查询',
    loading: '正在加载…',
  },
  form: {
    summaryTitle: '请修正以下问题',
    errorPrefix: '错误：',
  },
  pager: {
    total: (total: number) => `共 ${total} 条`,
    previous: '上一页',
    next: '下一页',
    page: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
    pageSize: '每页条数',
  },
} as const;
