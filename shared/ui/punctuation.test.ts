/**
 * Chinese UI text uses full-width punctuation (issue 11, newcomer items): a half-width , : ; ( ) ! ?
 * next to a Chinese character is a slip. The spec's own messages are kept to the character, so the
 * few it writes with half-width punctuation are listed as such.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const roots = ['hall', 'console', 'shared'];
const exts = /\.(tsx?|astro)$/;

/** Messages the spec gives with half-width punctuation (kept to the character). */
const specExceptions = [
  '您确定要退出登录吗?',
  '账号不能是汉字!',
  '两次输入密码不一致!',
  '保存成功!',
  '此操作将永久删除该消息, 是否继续?',
  '当前支持的文件格式为：ppt,zip,docx,doc,xlsx,xls,pdf,jpg,jpeg,png,gif,bmp,webp',
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    return exts.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** String literals and JSX/Astro text containing Chinese. */
function chineseTexts(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = withoutComments.match(
    /'[^'\n]*[\u4e00-\u9fa5][^'\n]*'|`[^`]*[\u4e00-\u9fa5][^`]*`|>[^<>{}\n]*[\u4e00-\u9fa5][^<>{}\n]*</g,
  );
  return found ?? [];
}

const halfWidthNextToChinese = /[\u4e00-\u9fa5][,:;!?()]|[,:;!?(][\u4e00-\u9fa5]/;

describe('UI text punctuation', () => {
  it('uses full-width punctuation in Chinese text', () => {
    const slips: string[] = [];
    for (const root of roots) {
      for (const file of files(root)) {
        for (let text of chineseTexts(fs.readFileSync(file, 'utf8'))) {
          for (const allowed of specExceptions) text = text.replaceAll(allowed, '');
          // Template placeholders are code, not text.
          text = text.replace(/\$\{[^}]*\}/g, 'X');
          if (halfWidthNextToChinese.test(text)) slips.push(`${file}: ${text.trim()}`);
        }
      }
    }
    expect(slips).toEqual([]);
  });
});
