/** The texts of this feature's pages (zh-CN), beside them: the shell's dictionary (console/lib/i18n.ts) loads with every page. */

export const casServiceTexts = {
  title: '统一登录接入服务',
  description:
    '只有在此登记的系统才能通过本站统一登录（CAS 协议）获得登录票据。本站自身与配置文件（CAS_SERVICE_REGISTRY）中的服务只读显示。',
  name: '服务名称',
  serviceId: '服务地址规则',
  serviceIdHint: '正则表达式，须匹配完整的服务地址，例如 ^https://gis\\.example\\.gov\\.cn/.*',
  attributes: '可见的用户属性',
  attributesHint: '票据校验（/cas/p3/serviceValidate）时向该服务提供的属性',
  logoutUrl: '退出通知地址',
  logoutUrlHint: '单点退出时接收 logoutRequest 的地址；不填则发送到签发票据时的服务地址',
  enabled: '启用',
  status: '状态',
  source: '来源',
  sources: { console: '本页登记', file: '配置文件', builtin: '内置' },
  on: '启用',
  off: '停用',
  none: '无',
  add: '新增服务',
  addTitle: '新增接入服务',
  edit: '修改',
  editTitle: (name: string) => `修改接入服务：${name}`,
  save: '保存',
  remove: '删除',
  removeTitle: '删除接入服务',
  removeQuestion: (name: string) => `确定删除“${name}”吗？删除后该系统不能再通过统一登录获得票据。`,
  empty: '还没有登记接入服务',
  select: (name: string) => `选择 ${name}`,
};

export const smsOutboxTexts = {
  title: '短信发件箱',
  description: '短信服务默认写入数据库发件箱；此处查看已发送的验证码短信，最新的在前（最多 20 条）。',
  phone: '手机号码',
  content: '短信内容',
  sentAt: '发送时间',
  empty: '没有找到短信记录',
};
