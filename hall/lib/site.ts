/**
 * Facts about the site and its host authority, shown in the banner, the footer and the notice dialog.
 * The authority, address and numbers are fictional (the spec does not reproduce the real ones).
 */
export const site = {
  title: '测绘中介服务网上办事大厅',
  subtitle: '工程建设项目“多测合一”',
  hostAuthority: '云州市自然资源和规划局',
  operator: '云州市测绘地理信息服务中心',
  address: '云州市云湖区政务大道 88 号市民中心 B 座 5 楼',
  postcode: '276000',
  email: 'dcdy@zrzy.yunzhou.gov.cn',
  phones: [
    { label: '业务咨询', number: '0539-8123456' },
    { label: '技术支持', number: '0539-8123457' },
    { label: '投诉监督', number: '0539-8123458' },
  ],
  /** Spec section 1: support hours. */
  supportHours: '工作日 9:00-12:00, 14:00-17:30',
} as const;

/** `tel:` href for a phone number as displayed (digits only). */
export function telHref(number: string): string {
  return `tel:${number.replace(/\D/g, '')}`;
}

/** The document title: page name first, the site title after it. */
export function pageTitle(name?: string): string {
  return name && name !== site.title ? `${name} - ${site.title}` : site.title;
}
