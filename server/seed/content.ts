import { surveyItems } from '@shared/domain/stages';
import type { NoticeType } from '@shared/domain/statuses';
import { csvDocument, docxDocument, pdfDocument, textDocument, type DemoDocument } from './documents';
import { city } from './names';
import type { Rng } from './random';

/** Texts of the demo's notices and the documents of the service download list. */

export interface NoticeText {
  title: string;
  html: string;
}

const paragraph = (text: string) => `<p>${text}</p>`;

function noticeBody(rng: Rng, topic: string): string {
  const openings = [
    `为深入推进工程建设项目审批制度改革，优化营商环境，根据省“多测合一”管理办法有关规定，现就${topic}有关事项通知如下。`,
    `为进一步规范${city.name}建设工程测绘服务行为，提高测绘成果质量和办事效率，现就${topic}有关事项公告如下。`,
  ];
  const bodies = [
    '同一阶段、同一出资主体的测绘事项，应当合并为一个综合测绘项目，由建设单位通过网上办事大厅一次委托。',
    '测绘中介机构应在规定时限内完成测绘作业，并通过网上办事大厅提交符合成果目录要求的测绘成果。',
    '各测绘中介机构应认真核对本单位信息，确保资质、人员与业务范围真实有效，信息变更后及时提交变更申请。',
    '主管部门将对测绘成果质量进行“双随机、一公开”抽查，抽查结果纳入测绘中介机构信用评价。',
    '建设单位可在网上办事大厅查询测绘需求办理进度，对测绘服务质量进行评价。',
    '系统维护期间暂停受理网上业务，维护结束后恢复正常，给您带来的不便敬请谅解。',
  ];
  const closing = `咨询电话：${city.phoneAreaCode}-8${rng.digits(6)}（工作日 9:00-12:00，14:00-17:30）。`;
  const picked = rng.shuffle(bodies).slice(0, rng.int(2, 4));
  return [
    rng.pick(openings),
    ...picked.map((text, i) => `${'一二三四'[i]}、${text}`),
    closing,
    `${city.name}自然资源和规划局`,
  ]
    .map(paragraph)
    .join('');
}

/** The title and HTML body of the index-th notice of a type. */
export function noticeText(
  rng: Rng,
  type: NoticeType,
  index: number,
  time: Date,
  districtName: string,
): NoticeText {
  const china = new Date(time.getTime() + 8 * 3_600_000);
  const year = china.getUTCFullYear();
  // A notice about the Spring Festival in the autumn is about next year's.
  const festivalYear = china.getUTCMonth() >= 8 ? year + 1 : year;
  switch (type) {
    case 0: {
      const topics = [
        `开展${year}年度测绘中介机构信用评价工作`,
        `${city.short}“多测合一”服务平台系统升级维护`,
        `公布第${index + 1}批“多测合一”测绘中介机构名录`,
        '进一步规范建设工程测绘成果提交',
        '开展测绘成果质量“双随机、一公开”抽查',
        '调整网上办事大厅咨询服务时间',
        `做好${festivalYear}年春节期间测绘服务保障工作`,
        '启用测绘成果电子证书',
        '规范测绘中介机构信息变更办理',
        `在${districtName}开展测绘成果共享应用试点`,
      ];
      const topic = topics[index % topics.length] as string;
      return { title: `关于${topic}的${rng.pick(['通知', '公告'])}`, html: noticeBody(rng, topic) };
    }
    case 1: {
      const titles = [
        `《${city.name}建设工程“多测合一”管理办法》`,
        `《${city.name}测绘中介机构信用管理办法（试行）》`,
        '《建设工程测绘成果质量检查验收规定》政策解读',
        '关于深化“多测合一”改革的实施意见',
      ];
      const title = titles[index % titles.length] as string;
      return { title, html: noticeBody(rng, title.replace(/[《》]/g, '')) };
    }
    case 2: {
      const titles = [
        `${city.name}“多测合一”改革入选全省优化营商环境优秀案例`,
        `${year}年第${(index % 4) + 1}季度测绘中介服务质量通报`,
        `${districtName}首个“多测合一”综合测绘项目完成验收`,
      ];
      const title = titles[index % titles.length] as string;
      return { title, html: noticeBody(rng, title) };
    }
    case 3: {
      const changes = [
        '新增项目分布地图按区县统计',
        '优化测绘成果分片上传，支持断点续传',
        '合同备案审核支持转办并记录转办原因',
        '消息中心支持批量标记已读',
        '中介机构名录增加失信、黑名单标识',
        '修复部分浏览器下登录验证码不刷新的问题',
        '服务下载列表支持按名称搜索',
        '建设单位可对已办结项目进行服务评价',
      ];
      const picked = rng.shuffle(changes).slice(0, rng.int(2, 4));
      return {
        title: `系统更新日志 v2.${index + 1}.0`,
        html:
          paragraph(`本次更新（v2.${index + 1}.0）内容如下：`) +
          `<ul>${picked.map((c) => `<li>${c}</li>`).join('')}</ul>`,
      };
    }
  }
}

type DocumentSpec = [title: string, kind: 'docx' | 'pdf' | 'csv' | 'txt', description: string];

const downloadSpecs: DocumentSpec[] = [
  ['建设工程“多测合一”测绘服务合同示范文本', 'docx', '建设单位与测绘中介机构签订测绘服务合同时参照使用'],
  ['测绘中介机构入驻申请表', 'docx', '测绘中介机构申请入驻网上办事大厅时填写'],
  ['测绘中介机构信息变更申请表', 'docx', '机构名称、法定代表人、资质等信息变更时填写'],
  ['建设单位信息认证申请表', 'docx', '建设单位首次办理业务前进行单位信息认证'],
  ['“多测合一”测绘成果提交要求', 'pdf', '各阶段测绘成果的内容、格式与提交方式'],
  ['网上办事大厅操作手册（建设单位）', 'pdf', '项目新建、需求发布、中介选取与合同确认'],
  ['网上办事大厅操作手册（测绘中介机构）', 'pdf', '承接需求、合同备案、成果提交'],
  ['测绘事项清单与阶段划分', 'csv', '四个审批阶段及其测绘事项'],
  ['测绘成果目录及文件格式要求', 'csv', '各测绘事项应提交的成果文件及格式'],
  ['测绘服务收费参考标准', 'csv', '常见测绘事项的收费参考'],
  ['授权委托书（样本）', 'docx', '委托他人代为办理业务时使用'],
  ['测绘成果质量承诺书', 'docx', '测绘中介机构提交成果时签署'],
  ['项目终止申请表', 'docx', '建设单位申请终止测绘项目时填写'],
  ['常见问题解答', 'txt', '注册、登录、上传等常见问题'],
  ['测绘成果数据交换格式说明', 'txt', '成果数据交换的坐标系、格式与命名规则'],
];

const fileName = (title: string, kind: string) => `${title.replace(/[“”（）()]/g, '')}.${kind}`;

function documentFor(rng: Rng, [title, kind, description]: DocumentSpec): DemoDocument {
  const name = fileName(title, kind);
  const lines = [
    description + '。',
    `本文件由${city.name}自然资源和规划局制定，适用于${city.name}行政区域内建设工程“多测合一”测绘服务。`,
    '同一阶段、同一出资主体的测绘事项合并为一个综合测绘项目，一次委托、联合测绘、成果共享。',
    `如有疑问，请在工作日 9:00-12:00、14:00-17:30 拨打咨询电话 ${city.phoneAreaCode}-8${rng.digits(6)}。`,
  ];
  switch (kind) {
    case 'docx':
      return docxDocument(name, title, [
        ...lines,
        '',
        '单位名称（盖章）：____________________',
        '日期：______年____月____日',
      ]);
    case 'pdf':
      return pdfDocument(name, title, lines);
    case 'txt':
      return textDocument(name, [title, '', ...lines]);
    case 'csv':
      if (title.includes('收费')) {
        return csvDocument(name, [
          ['测绘事项', '计费单位', '参考单价（元）', '说明'],
          ...surveyItems.map((item) => [
            item.name,
            item.stageId === 4 ? '平方米' : '项',
            item.stageId === 4 ? (rng.int(8, 30) / 10).toFixed(1) : rng.int(20, 120) * 100,
            '按实际工作量计算',
          ]),
        ]);
      }
      if (title.includes('成果目录')) {
        return csvDocument(name, [
          ['测绘事项', '成果名称', '文件格式', '是否必交'],
          ...surveyItems.flatMap((item) => [
            [item.name, `${item.name}技术报告`, 'pdf', '是'],
            [item.name, `${item.name}成果数据`, 'dwg/mdb', '是'],
          ]),
        ]);
      }
      return csvDocument(name, [
        ['阶段编号', '测绘事项编号', '测绘事项'],
        ...surveyItems.map((item) => [item.stageId, item.id, item.name]),
      ]);
  }
}

export interface DownloadDocument extends DemoDocument {
  title: string;
  description: string;
}

export function downloadDocuments(rng: Rng): DownloadDocument[] {
  return downloadSpecs.map((spec) => ({ ...documentFor(rng, spec), title: spec[0], description: spec[2] }));
}

/** A document attached to a notice. */
export function noticeAttachmentDocument(rng: Rng, noticeTitle: string): DemoDocument {
  const base = noticeTitle.replace(/[“”《》（）()]/g, '').slice(0, 24);
  return rng.chance(0.5)
    ? pdfDocument(`${base}.pdf`, base, [`附件：${noticeTitle}`, `${city.name}自然资源和规划局`])
    : docxDocument(`${base}-附件.docx`, base, [`附件：${noticeTitle}`, `${city.name}自然资源和规划局`]);
}
