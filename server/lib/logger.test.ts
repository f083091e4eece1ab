import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { LineBatcher, createAccessLog, createLogger, type LineSink } from './logger';

class RecordingSink implements LineSink {
  writes: string[] = [];
  flushes = 0;
  write(data: string) {
    this.writes.push(data);
  }
  flush(callback?: (error?: Error | null) => void) {
    this.flushes++;
    callback?.();
  }
}

describe('LineBatcher', () => {
  it('hands lines on in one write once a batch is full, in order', () => {
    const sink = new RecordingSink();
    const batcher = new LineBatcher(sink, 10);
    batcher.write('aaaa\n');
    expect(sink.writes).toEqual([]);
    batcher.write('bbbb\n');
    expect(sink.writes).toEqual(['aaaa\nbbbb\n']);
    batcher.write('c\n');
    batcher.flush();
    expect(sink.writes).toEqual(['aaaa\nbbbb\n', 'c\n']);
    expect(sink.flushes).toBe(1);
  });

  it('writes nothing on a flush with nothing gathered, but still lets the sink flush', () => {
    const sink = new RecordingSink();
    new LineBatcher(sink).flush();
    expect(sink.writes).toEqual([]);
    expect(sink.flushes).toBe(1);
  });
});

describe('createLogger', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function fileSink() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logger-'));
    dirs.push(dir);
    const file = path.join(dir, 'out.log');
    return { file, sink: pino.destination({ dest: file, sync: false, minLength: 1 }) };
  }

  it('gets every line out, Chinese included, by the time flush calls back', async () => {
    const { file, sink } = fileSink();
    const logger = createLogger({ logLevel: 'info' }, sink, 60_000);
    for (let i = 0; i < 3000; i++) logger.info({ i, url: '/guide/message/0' }, `请求 ${i}`);
    await new Promise<void>((resolve, reject) =>
      logger.flush((error) => (error ? reject(error) : resolve())),
    );
    const lines = fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3000);
    expect(lines.map((line) => line.i)).toEqual([...Array(3000).keys()]);
    expect(lines[2999]).toMatchObject({ level: 'info', service: 'survey-hall', msg: '请求 2999' });
  });

  it('writes a lone line within the flush interval, without anyone flushing', async () => {
    const { file, sink } = fileSink();
    const logger = createLogger({ logLevel: 'info' }, sink, 50);
    logger.warn('只有一行');
    await expect
      .poll(() => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''), { timeout: 2000 })
      .toContain('只有一行');
  });
});

describe('access log', () => {
  it('writes the line pino would write, field for field and in the same order', () => {
    const sink = new RecordingSink();
    const logger = createLogger({ logLevel: 'info' }, sink, 60_000);
    const entry = {
      requestId: '0123abcd00000001',
      method: 'GET',
      url: '/a?q="引号"\\\n',
      status: 200,
      ms: 1.5,
    };
    logger.info(entry, 'request');
    createAccessLog(logger)?.(entry);
    logger.flush();
    const [byPino, byHand] = sink.writes
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as object);
    const withoutTime = (line: object) => Object.entries(line).filter(([key]) => key !== 'time');
    expect(withoutTime(byHand!)).toEqual(withoutTime(byPino!));
    expect(Object.keys(byHand!)).toEqual(Object.keys(byPino!));
    expect(Date.parse((byHand as { time: string }).time)).not.toBeNaN();
  });

  it('is off below info', () => {
    expect(createAccessLog(createLogger({ logLevel: 'warn' }, new RecordingSink(), 60_000))).toBeNull();
  });
});
