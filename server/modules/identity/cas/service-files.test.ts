/** CAS_SERVICE_REGISTRY: Apereo JSON service definitions loaded at start; a bad file stops the start. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

const dirs: string[] = [];
function registry(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cas-registry-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(
      path.join(dir, name),
      typeof content === 'string' ? content : JSON.stringify(content, null, 2),
    );
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const apereo = {
  '@class': 'org.apereo.cas.services.CasRegisteredService',
  serviceId: '^https://gis\\.example\\.gov\\.cn/.*',
  name: '地理信息平台',
  id: 1001,
  description: '扩展字段被忽略',
  attributeReleasePolicy: {
    '@class': 'org.apereo.cas.services.ReturnAllowedAttributeReleasePolicy',
    allowedAttributes: ['java.util.ArrayList', ['username', 'depname']],
  },
  logoutUrl: 'https://gis.example.gov.cn/logout',
};

describe('CAS_SERVICE_REGISTRY', () => {
  it('loads the Apereo CasRegisteredService files of the directory', () => {
    const dir = registry({ 'gis-1001.json': apereo, 'README.txt': 'not a definition' });
    const config = loadConfig({ CAS_SERVICE_REGISTRY: dir });
    expect(config.casServiceFiles).toEqual([
      {
        id: 1001,
        name: '地理信息平台',
        serviceId: '^https://gis\\.example\\.gov\\.cn/.*',
        attributes: ['username', 'depname'],
        logoutUrl: 'https://gis.example.gov.cn/logout',
        enabled: true,
        file: path.join(dir, 'gis-1001.json'),
      },
    ]);
    expect(loadConfig({}).casServiceFiles).toEqual([]);
  });

  it('stops the start with the file and the problem', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ 'a.json': '{ not json' }, /a\.json is not valid JSON/],
      [
        { 'b.json': { ...apereo, '@class': 'org.apereo.cas.services.RegexRegisteredService' } },
        /b\.json[\s\S]*@class/,
      ],
      [
        { 'c.json': { ...apereo, serviceId: '^https://(' } },
        /c\.json[\s\S]*serviceId is not a valid regular expression/,
      ],
      [
        {
          'd.json': {
            ...apereo,
            attributeReleasePolicy: {
              ...apereo.attributeReleasePolicy,
              allowedAttributes: ['java.util.ArrayList', ['loginpwd']],
            },
          },
        },
        /d\.json[\s\S]*allowedAttributes/,
      ],
      [{ 'e.json': apereo, 'f.json': apereo }, /f\.json repeats the id 1001/],
    ];
    for (const [files, message] of cases) {
      const dir = registry(files);
      expect(() => loadConfig({ CAS_SERVICE_REGISTRY: dir })).toThrow(ConfigError);
      expect(() => loadConfig({ CAS_SERVICE_REGISTRY: dir })).toThrow(message);
    }
    expect(() => loadConfig({ CAS_SERVICE_REGISTRY: '/nonexistent/cas' })).toThrow(
      /cannot read the directory/,
    );
  });
});
