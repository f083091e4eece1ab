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

/**
 * The site icon, inline on every hall and console page: no extra request, and no /favicon.ico falling
 * through to the 404 page (issue 21: every console page logged one).
 */
export const favicon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="#c8161d"/><path d="M32 12 49 44H15Z" fill="none" stroke="#f2c14e" stroke-width="5" stroke-linejoin="round"/><circle cx="32" cy="34" r="4" fill="#fff6dc"/></svg>',
  );
