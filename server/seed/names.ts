import type { Rng } from './random';

/**
 * Believable Chinese names and codes for the fictional city of 云州市, combined from short parts by the
 * seeded generator (no long literal lists).
 */

export const city = { name: '云州市', short: '云州', areaCode: '3799', phoneAreaCode: '0539' } as const;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴孔汤';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红玲兰云飞鹏辉建国志宏文斌晨晓雪梅琳宇浩然欣怡子涵思远博轩雨婷嘉俊凯峰亮海波振东立新春燕佳慧颖琪瑞晶鑫蕾';

export function personName(rng: Rng): string {
  const given = rng.chance(0.65) ? rng.char(GIVEN) + rng.char(GIVEN) : rng.char(GIVEN);
  return rng.char(SURNAMES) + given;
}

const BRAND = '华正恒宏信源泰安达盛中天远通瑞景鼎创智图坤元博联海川金科兴光明德诚新';

/** Two distinct brand characters, e.g. 恒信. */
export function brand(rng: Rng): string {
  const first = rng.char(BRAND);
  let second = rng.char(BRAND);
  while (second === first) second = rng.char(BRAND);
  return first + second;
}

export function agencyName(rng: Rng): string {
  const prefix = rng.weighted([
    [city.name, 4],
    [city.short, 3],
    ['', 3],
  ] as const);
  const business = rng.pick([
    '测绘',
    '测绘地理信息',
    '勘测规划设计',
    '地理信息科技',
    '空间信息技术',
    '勘察测绘',
    '不动产测绘',
    '工程测量',
  ]);
  const suffix = rng.weighted([
    ['有限公司', 6],
    ['有限责任公司', 3],
    ['股份有限公司', 1],
  ] as const);
  return `${prefix}${brand(rng)}${business}${suffix}`;
}

export function constructionUnitName(rng: Rng, districtNames: readonly string[]): string {
  if (rng.chance(0.15)) {
    const bureau = rng.pick([
      '教育和体育局',
      '卫生健康局',
      '住房和城乡建设局',
      '城市管理局',
      '交通运输局',
      '水利局',
    ]);
    return `${city.name}${rng.pick(districtNames)}${bureau}`;
  }
  const industry = rng.pick([
    '置业',
    '房地产开发',
    '城市建设投资集团',
    '建设集团',
    '实业',
    '产业投资',
    '交通投资',
    '文旅发展',
    '水务集团',
    '产业园开发',
    '安居建设',
  ]);
  const suffix = industry.endsWith('集团') ? '有限公司' : rng.pick(['有限公司', '有限责任公司']);
  return `${rng.chance(0.6) ? city.short : ''}${brand(rng)}${industry}${suffix}`;
}

const ROAD_HEAD = [
  '人民',
  '建设',
  '解放',
  '青年',
  '和平',
  '文化',
  '振兴',
  '凤凰',
  '云台',
  '临江',
  '滨河',
  '翠屏',
  '长青',
  '金山',
  '银河',
  '北湖',
  '东方',
  '新华',
  '光明',
  '迎宾',
  '石门',
  '科技',
];

export function roadName(rng: Rng): string {
  return rng.pick(ROAD_HEAD) + rng.pick(['路', '街', '大道', '东路', '西路', '北路', '南路']);
}

export function address(rng: Rng, districtName: string): string {
  return `${city.name}${districtName}${roadName(rng)}${rng.int(1, 999)}号`;
}

const ESTATE_HEAD = [
  '锦绣',
  '翡翠',
  '金域',
  '云山',
  '御景',
  '盛世',
  '阳光',
  '书香',
  '滨江',
  '湖畔',
  '紫金',
  '学府',
  '天悦',
  '翠湖',
  '悦澜',
  '和园',
];
const ESTATE_TAIL = ['华庭', '花园', '名苑', '雅居', '新城', '府', '公馆', '家园', '澜湾', '壹号院'];
const PHASES = ['', '', '一期', '二期', '三期'];

export interface ProjectNaming {
  name: string;
  type: string;
}

/** A project name and type, e.g. 临江区锦绣华庭二期住宅小区项目 / 房屋建筑. */
export function projectNaming(rng: Rng, districtName: string): ProjectNaming {
  const phase = rng.pick(PHASES);
  const shortDistrict = districtName.replace(/(区|县)$/, '');
  switch (
    rng.weighted([
      ['estate', 40],
      ['road', 15],
      ['industry', 15],
      ['school', 8],
      ['hospital', 5],
      ['renewal', 10],
      ['park', 7],
    ] as const)
  ) {
    case 'estate':
      return {
        name: `${districtName}${rng.pick(ESTATE_HEAD)}${rng.pick(ESTATE_TAIL)}${phase}${rng.pick(['住宅小区项目', '商住项目', '安置房项目', '住宅项目'])}`,
        type: '房屋建筑',
      };
    case 'road': {
      const road = roadName(rng);
      return {
        name: `${road}（${roadName(rng)}—${roadName(rng)}）${rng.pick(['道路新建工程', '道路改造工程', '拓宽改造工程', '雨污分流改造工程'])}`,
        type: '市政道路',
      };
    }
    case 'industry':
      return {
        name: `${city.short}${rng.pick(['智能制造', '新材料', '生物医药', '电子信息', '现代物流', '食品加工', '高端装备', '新能源'])}产业园${phase}${rng.pick(['建设项目', '标准厂房项目', '研发中心项目'])}`,
        type: '工业厂房',
      };
    case 'school':
      return {
        name: `${city.name}第${rng.int(1, 40)}${rng.pick(['中学', '小学', '实验学校'])}${rng.pick(['教学楼', '综合楼', '体育馆', '宿舍楼'])}${rng.pick(['新建工程', '扩建工程'])}`,
        type: '公共服务',
      };
    case 'hospital':
      return {
        name: `${districtName}${rng.pick(['人民医院', '中医医院', '妇幼保健院'])}${rng.pick(['门诊综合楼', '住院楼', '医技楼'])}建设项目`,
        type: '公共服务',
      };
    case 'renewal':
      return {
        name: `${shortDistrict}${rng.pick(ROAD_HEAD)}片区${rng.pick(['棚户区改造项目', '老旧小区改造项目', '城市更新项目'])}`,
        type: '城市更新',
      };
    case 'park':
      return {
        name: `${city.short}${rng.pick(ROAD_HEAD)}${rng.pick(['公园', '湿地公园', '口袋公园', '绿道'])}${rng.pick(['建设工程', '提升改造工程'])}`,
        type: '园林绿化',
      };
  }
}

export function mobile(rng: Rng): string {
  return `1${rng.pick(['3', '5', '7', '8', '9'])}${rng.digits(9)}`;
}

export function landline(rng: Rng): string {
  return `${city.phoneAreaCode}-${rng.int(2, 8)}${rng.digits(6)}`;
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** An 18-character unified social credit code with a valid check character (GB 32100-2015). */
export function creditCode(rng: Rng, adminCode: string): string {
  let body = `91${adminCode}MA`;
  while (body.length < 17) body += rng.char(CREDIT_ALPHABET.slice(0, 10) + 'ABCDEFGHJKLMNPQRTUWXY');
  const sum = [...body].reduce(
    (total, ch, i) => total + CREDIT_ALPHABET.indexOf(ch) * (CREDIT_WEIGHTS[i] as number),
    0,
  );
  return body + CREDIT_ALPHABET[(31 - (sum % 31)) % 31];
}

/** An 18-digit resident id number with a valid check digit (GB 11643). */
export function idCardNo(rng: Rng, birthYear: number): string {
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  const body = `${city.areaCode}${rng.digits(2)}${birthYear}${month}${day}${rng.digits(3)}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, ch, i) => total + Number(ch) * (weights[i] as number), 0);
  return body + '10X98765432'[sum % 11];
}
