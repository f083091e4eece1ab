import { roleIds, roleKeys, roles } from '@shared/domain/roles';
import { routeGroups, routes, type RouteGroupId } from '@shared/domain/routes';
import { stages, surveyItems as domainSurveyItems } from '@shared/domain/stages';
import { departmentIds } from '@server/db/departments';
import type * as schema from '@server/db/schema';
import { city } from './names';

/**
 * Reference rows every installation has (demo and production): roles, departments, the menu modules
 * derived from the route table, stages and survey items. Ids are explicit so the rows are the same
 * everywhere.
 */

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export function roleRows(): Insert<typeof schema.roles>[] {
  const descriptions: Record<(typeof roleKeys)[number], string> = {
    admin: '全部功能；登录名 admin 为系统管理员',
    owner: '本单位信息、项目、需求、授权、合同确认与评价',
    agency: '本机构信息与变更、从业人员、承接需求、合同与成果',
    staff: '待办、办件与分配给本人的项目',
    authority: '机构、人员、建设单位与变更审核；信用与黑名单；通知公告',
    auditor: '合同备案、成果审核与验收',
    district: '本区县的办件与成果',
    sharing: '申请并下载共享成果',
  };
  return roleKeys.map((key, index) => ({
    roleId: roles[key].id,
    name: roles[key].name,
    description: descriptions[key],
    orderIndex: index + 1,
  }));
}

export { departmentIds };

/** One department per kind. `district` names the district sub-office's area when there is one. */
export function departmentRows(district?: {
  code: string;
  name: string;
}): Insert<typeof schema.departments>[] {
  const authority = `${city.name}自然资源和规划局`;
  return [
    { pkid: departmentIds.admin, name: '平台运维中心', kind: 'admin', orderIndex: 1 },
    { pkid: departmentIds.authority, name: authority, kind: 'authority', orderIndex: 2 },
    {
      pkid: departmentIds.district,
      name: district ? `${authority}${district.name.replace(/(区|县)$/, '')}分局` : '区县分局',
      kind: 'district',
      parentId: departmentIds.authority,
      districtCode: district?.code ?? null,
      orderIndex: 3,
    },
    { pkid: departmentIds.sharing, name: `${city.name}住房和城乡建设局`, kind: 'sharing', orderIndex: 4 },
    { pkid: departmentIds.agency, name: '测绘中介机构', kind: 'agency', orderIndex: 5 },
    { pkid: departmentIds.construction, name: '建设单位', kind: 'construction', orderIndex: 6 },
  ];
}

export function stageRows(): Insert<typeof schema.stages>[] {
  return stages.map((stage, index) => ({ stageId: stage.id, name: stage.name, orderIndex: index + 1 }));
}

export function surveyItemRows(): Insert<typeof schema.surveyItems>[] {
  return domainSurveyItems.map((item) => ({
    itemId: item.id,
    stageId: item.stageId,
    name: item.name,
    orderIndex: item.orderIndex,
  }));
}

/** A dynamic segment in a menu link gets its list's default, e.g. /noticemanger/message/0. */
function menuHref(path: string): string {
  return path.replace(/:[A-Za-z]+/g, '0');
}

/**
 * The menu: one first-level module per console route group with menu routes (appMetaId = group id),
 * one second-level module per route listed in the menu (href = its path). Each page is linked to the
 * roles of its route (every role when the route is open to any signed-in user); a group to the union
 * of its pages' roles.
 */
export function moduleRows(): {
  modules: Insert<typeof schema.modules>[];
  roleModules: Insert<typeof schema.roleModules>[];
} {
  const modules: Insert<typeof schema.modules>[] = [];
  const roleModules: Insert<typeof schema.roleModules>[] = [];
  let nextId = 1;
  const groupIds = Object.keys(routeGroups) as RouteGroupId[];
  groupIds.forEach((groupId, groupIndex) => {
    const pages = routes.filter(
      (route) => route.group === groupId && route.surface === 'console' && route.inMenu !== false,
    );
    if (pages.length === 0) return;
    const parentId = nextId++;
    modules.push({
      pkid: parentId,
      name: routeGroups[groupId].title,
      type: 0,
      orderindex: groupIndex + 1,
      appMetaId: groupId,
    });
    const groupRoles = new Set<string>();
    pages.forEach((route, pageIndex) => {
      const pkid = nextId++;
      modules.push({
        pkid,
        name: route.title,
        href: menuHref(route.path),
        type: 1,
        orderindex: pageIndex + 1,
        parentId,
        appMetaId: groupId,
      });
      const pageRoles = route.menuRoles ?? route.roles ?? roleIds;
      for (const roleId of new Set(pageRoles)) {
        roleModules.push({ roleId, moduleId: pkid });
        groupRoles.add(roleId);
      }
    });
    for (const roleId of roleIds.filter((id) => groupRoles.has(id)))
      roleModules.push({ roleId, moduleId: parentId });
  });
  return { modules, roleModules };
}
