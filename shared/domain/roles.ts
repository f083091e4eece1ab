/**
 * The roles of DOMAIN.md. Role '1' is the administrator; the seven others are 32-character lowercase
 * hex ids whose endings the spec names (section 6). Seed data, route guards and menus derive from here.
 */
export const roles = {
  admin: { id: '1', name: '系统管理员' },
  owner: { id: '8a9e1f3c2b7d4e6fa0c5b9d8e7f6a18d', name: '建设单位' },
  agency: { id: '3f6c9b2e8d1a4c7e9b0f5a2d6c8e40df', name: '测绘中介机构' },
  staff: { id: '5b2d8e1f4a7c9e3b6d0a2f5c8e1b7654', name: '中介从业人员' },
  authority: { id: '7e1a4d9c2f6b8e3a5c0d7f2b9e4a6219', name: '行业主管部门' },
  auditor: { id: '2c8f5a1e7d3b9c6e4a0f8d2b5e7c18b7', name: '审核人员' },
  district: { id: '9d4b7e2a5c8f1d6b3e0a9c4f7b2e5da4', name: '区县分局' },
  sharing: { id: '6a3e9c5f2b8d4a7e1c0b6f3d9a5e2c3e', name: '成果共享单位' },
} as const;

export type RoleKey = keyof typeof roles;
export type RoleId = (typeof roles)[RoleKey]['id'];

export const roleKeys = Object.keys(roles) as RoleKey[];
export const roleIds = roleKeys.map((key) => roles[key].id) as RoleId[];

/** The built-in guest account: logged in technically, treated as not logged in (spec section 4). */
export const GUEST_USER_ID = 21;

export function roleName(id: string): string | undefined {
  return roleKeys.map((key) => roles[key]).find((role) => role.id === id)?.name;
}
