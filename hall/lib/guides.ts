/**
 * The service guides of /guide/matter/:type (办事指南), written for the combined survey process of
 * DOMAIN.md. Type 3 is the whole-process overview, shown full width without the left menu (spec
 * section 2); the others are guides for one kind of applicant.
 */
import { stages } from '@shared/domain/stages';
import { site } from './site';

export interface GuideSection {
  heading: string;
  paragraphs?: string[];
  /** A numbered list when `ordered`, else bullets. */
  items?: string[];
  ordered?: boolean;
}

export interface Guide {
  type: number;
  title: string;
  /** One line under the title. */
  summary: string;
  /** Shown without the left menu (route meta of type 3). */
  hideMenu: boolean;
  sections: GuideSection[];
}

const stageLines = stages.map(
  (stage, index) =>
    `第${'一二三四'[index]}阶段 ${stage.name}：${stage.items.map((item) => item.name).join('、')}`,
);

export const guides: readonly Guide[] = [
  {
    type: 1,
    title: '建设单位办事指南',
    summary: '建设单位注册认证、新建项目、发布测绘需求、选取中介机构、确认合同与验收评价。',
    hideMenu: false,
    sections: [
      {
        heading: '适用对象',
        paragraphs: ['在本市行政区域内实施工程建设项目、需要办理测绘服务的建设单位（含代建单位）。'],
      },
      {
        heading: '办理条件',
        items: [
          '已在网上办事大厅注册“建设单位”账号，并通过单位信息认证；',
          '项目已取得立项或用地批复，具备全国投资项目在线审批监管平台项目代码（中央代码）；',
          '同一审批阶段、同一出资主体的测绘事项合并为一个综合测绘项目一次委托。',
        ],
      },
      {
        heading: '办理步骤',
        ordered: true,
        items: [
          '注册登录：在首页右上角点击“注册”，选择“建设单位”，填写单位名称、账号、手机号并完成短信验证。',
          '单位认证：登录后在“用户中心”提交统一社会信用代码、法定代表人和营业执照，等待主管部门审核（一般 1 个工作日）。',
          '新建项目：填写项目名称、中央代码、地方代码、所在区县、出资主体，并在地图上标注项目位置。',
          '发布需求：选择本次审批阶段，勾选所需测绘事项，填写完成时限后发布。',
          '选取机构：从业务范围覆盖所选事项、信用良好的中介机构中选取一家并授权；失信、不合格或黑名单机构不能被选取。',
          '确认合同：中介机构按示范文本起草合同后，在“合同管理”中核对并确认，合同由主管部门备案。',
          '成果验收：中介机构提交成果后由审核人员审核，全部事项采纳后项目验收并出具测绘成果证明。',
          '服务评价：项目办结后对中介机构的服务质量进行评价，评价结果计入机构信用。',
        ],
      },
      {
        heading: '所需材料',
        items: [
          '营业执照（或事业单位法人证书）扫描件；',
          '法定代表人身份证明及授权委托书（委托他人办理时）；',
          '项目立项或用地批复文件；',
          '测绘服务合同（按示范文本签订，可在“服务下载”获取）。',
        ],
      },
      {
        heading: '办理时限',
        paragraphs: [
          '单位认证 1 个工作日；合同备案 2 个工作日；成果审核 3 个工作日。中介机构作业时限以合同约定为准。',
        ],
      },
    ],
  },
  {
    type: 2,
    title: '测绘中介机构办事指南',
    summary: '中介机构入驻、信息变更、从业人员管理、承接需求、合同备案与成果提交。',
    hideMenu: false,
    sections: [
      {
        heading: '适用对象',
        paragraphs: ['具有测绘资质、在本市开展建设工程测绘服务的测绘单位。'],
      },
      {
        heading: '入驻条件',
        items: [
          '具有有效的测绘资质证书，业务范围覆盖所申请的测绘事项；',
          '有与业务相适应的专业技术人员，从业人员信息真实；',
          '未被列入失信、不合格或黑名单。',
        ],
      },
      {
        heading: '办理步骤',
        ordered: true,
        items: [
          '注册登录：选择“测绘中介机构”注册账号。',
          '入驻申请：在“用户中心”填写机构信息、资质等级、业务范围并上传资质证书，提交主管部门审核。',
          '从业人员：审核通过后添加从业人员并提交审核，人员信息变更需重新审核。',
          '承接需求：收到建设单位授权后，在“测绘需求办理”中接受或拒绝委托。',
          '合同备案：按示范文本起草合同，经建设单位确认后提交备案。',
          '提交成果：按成果目录分事项上传测绘成果，支持大文件分片上传与断点续传；被退回的成果修改后重新提交。',
          '信息变更：机构名称、法定代表人、资质等发生变化时，提交机构信息变更申请。',
        ],
      },
      {
        heading: '信用管理',
        paragraphs: [
          '主管部门对测绘成果质量开展“双随机、一公开”抽查，结合建设单位评价和违规记录认定失信、不合格和黑名单机构，并在中介机构名录中公示。被认定的机构在期限内不能承接新的测绘需求。',
        ],
      },
    ],
  },
  {
    type: 3,
    title: '“多测合一”办理流程',
    summary: '一次委托、联合测绘、成果共享：工程建设项目测绘事项按审批阶段合并办理。',
    hideMenu: true,
    sections: [
      {
        heading: '改革要求',
        paragraphs: [
          '依据省“多测合一”管理办法，同一审批阶段、出资主体相同的测绘事项，由建设单位一次委托一家测绘中介机构作为综合测绘项目完成，测绘成果经审核后统一入库，由相关部门共享使用，不再重复测绘。',
        ],
      },
      {
        heading: '四个审批阶段与测绘事项',
        items: stageLines,
        ordered: true,
      },
      {
        heading: '全流程',
        ordered: true,
        items: [
          '建设单位注册并通过单位认证；',
          '新建项目并按审批阶段发布测绘需求；',
          '选取业务范围相符、信用良好的测绘中介机构并授权，机构接受委托；',
          '签订测绘服务合同并网上备案；',
          '中介机构实施测绘，按成果目录提交成果；',
          '审核人员审核成果，采纳或退回并说明意见；',
          '全部事项采纳后验收，出具测绘成果证明，项目办结；',
          '成果统一入库，规划、不动产登记、人防、园林等部门共享使用；',
          '建设单位对中介机构服务进行评价。',
        ],
      },
      {
        heading: '项目状态说明',
        items: [
          '待发布：项目已创建，需求尚未发布；',
          '已发布：等待建设单位选取中介机构；',
          '已委托：中介机构已接受委托；',
          '合同已备案 → 测绘中 → 成果已提交 → 已验收 → 已办结；',
          '已终止：验收前因故终止，须注明原因。',
        ],
      },
      {
        heading: '咨询服务',
        paragraphs: [`服务时间：${site.supportHours}。地址：${site.address}。`],
      },
    ],
  },
];

/** The guide of a type, or undefined. */
export function findGuide(type: number): Guide | undefined {
  return guides.find((guide) => guide.type === type);
}
