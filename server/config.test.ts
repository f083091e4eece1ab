import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_CREDIT_GRADE_RULE } from '@shared/domain/credit-score';

describe('loadConfig', () => {
  it('starts offline on the embedded database with the spec defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'demo',
      port: 4321,
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      apiBases: { business: '/smsend', cas: '/cas', uc: '/uc', notices: '/oa' },
    });
  });

  it('reads overrides and treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: '', API_BASE_BUSINESS: '/biz' });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.apiBases.business).toBe('/biz');
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_MODE: 'staging' })).toThrow(
      /PORT[\s\S]*APP_MODE|APP_MODE[\s\S]*PORT/,
    );
  });

  it('refuses test-only settings in production mode', () => {
    expect(() => loadConfig({ APP_MODE: 'production', CAPTCHA_TEST_CODE: '2026' })).toThrow(ConfigError);
    expect(loadConfig({ CAPTCHA_TEST_CODE: '2026' }).captchaTestCode).toBe('2026');
    expect(() => loadConfig({ APP_MODE: 'production', CLOCK_OFFSET_DAYS: '3' })).toThrow(/CLOCK_OFFSET_DAYS/);
    expect(loadConfig({ CLOCK_OFFSET_DAYS: '3' }).clockOffsetMs).toBe(3 * 24 * 60 * 60 * 1000);
  });

  it('refuses two API bases on one path', () => {
    expect(() => loadConfig({ API_BASE_UC: '/smsend' })).toThrow(/distinct/);
  });
});

describe('SELECTION_METHODS', () => {
  it('defaults to all three methods and takes a subset', () => {
    expect(loadConfig({}).selectionMethods).toEqual(['direct', 'draw', 'price']);
    expect(loadConfig({ SELECTION_METHODS: 'draw, price' }).selectionMethods).toEqual(['draw', 'price']);
  });

  it('refuses an unknown method', () => {
    expect(() => loadConfig({ SELECTION_METHODS: 'direct,auction' })).toThrow(ConfigError);
  });
});

describe('the credit grade rule (CREDIT_GRADE_FLOORS, CREDIT_*_GRADES)', () => {
  it('defaults to the rule of shared/domain/credit-score.ts and takes another', () => {
    expect(loadConfig({}).creditGradeRule).toEqual(DEFAULT_CREDIT_GRADE_RULE);
    expect(
      loadConfig({
        CREDIT_GRADE_FLOORS: ' 95, 80,70',
        CREDIT_UNSELECTABLE_GRADES: 'C, D',
        CREDIT_DIRECT_CHOICE_GRADES: 'none',
      }).creditGradeRule,
    ).toEqual({ floors: { A: 95, B: 80, C: 70 }, unselectable: ['C', 'D'], directChoiceOnly: [] });
  });

  it('refuses floors that are not three strictly decreasing scores within 0–100', () => {
    for (const floors of ['90,75', '90,75,60,50', 'A,B,C', '90,90,60', '60,75,90', '101,75,60', '90,75,-1'])
      expect(() => loadConfig({ CREDIT_GRADE_FLOORS: floors }), floors).toThrow(/CREDIT_GRADE_FLOORS/);
    expect(() => loadConfig({ CREDIT_GRADE_FLOORS: '60,75,90' })).toThrow(
      'CREDIT_GRADE_FLOORS must be three scores A,B,C, strictly decreasing within 0–100 (got 60,75,90)',
    );
  });

  it('refuses a grade that is not A to D, and one both unselectable and direct choice only', () => {
    expect(() => loadConfig({ CREDIT_UNSELECTABLE_GRADES: 'E' })).toThrow(/CREDIT_UNSELECTABLE_GRADES/);
    expect(() => loadConfig({ CREDIT_DIRECT_CHOICE_GRADES: 'c' })).toThrow(/CREDIT_DIRECT_CHOICE_GRADES/);
    expect(() => loadConfig({ CREDIT_UNSELECTABLE_GRADES: 'C,D' })).toThrow(
      'CREDIT_DIRECT_CHOICE_GRADES and CREDIT_UNSELECTABLE_GRADES both name C: a grade is either out of selection or direct choice only',
    );
  });
});

describe('file storage (STORAGE)', () => {
  it('keeps files under DATA_DIR/files by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/survey' }).storage).toEqual({
      kind: 'fs',
      root: '/srv/survey/files',
    });
  });

  it('takes an S3-compatible store with its settings, and names every missing one', () => {
    const s3 = {
      STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'survey-files',
      S3_ACCESS_KEY_ID: 'survey',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'survey-files',
      region: 'us-east-1',
      accessKeyId: 'survey',
      secretAccessKey: 'secret-key',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'survey-files' })).toThrow(
      'STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Survey_Files' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, STORAGE: 'ftp' })).toThrow(ConfigError);
  });
});

describe('RESULTS_REPORT_*', () => {
  it('defaults to the drop directory under DATA_DIR', () => {
    const { reporting, dataDir } = loadConfig({});
    expect(reporting).toEqual({ provider: 'directory', dir: `${dataDir}/reporting/outbox` });
  });

  it('takes the HTTP provider with its URL and key, and refuses it without them or with a bad one', () => {
    expect(
      loadConfig({
        RESULTS_REPORT_PROVIDER: 'http',
        RESULTS_REPORT_HTTP_URL: 'https://platform.example/api/',
        RESULTS_REPORT_HTTP_KEY: 'key-12345',
      }).reporting,
    ).toMatchObject({ provider: 'http', url: 'https://platform.example/api', key: 'key-12345' });
    expect(() => loadConfig({ RESULTS_REPORT_PROVIDER: 'http' })).toThrow(/RESULTS_REPORT_HTTP_URL/);
    expect(() => loadConfig({ RESULTS_REPORT_PROVIDER: 'ftp' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ RESULTS_REPORT_HTTP_URL: 'not a url', RESULTS_REPORT_HTTP_KEY: 'key-12345' }),
    ).toThrow(ConfigError);
  });
});
