/** The parts of simple-uploader.js (CommonJS, no types of its own) the chunked upload uses. */
declare module 'simple-uploader.js' {
  export interface UploaderChunk {
    offset: number;
  }
  export interface UploaderFile {
    id: string;
    name: string;
    size: number;
    relativePath: string;
    uniqueIdentifier: string;
    isFolder: boolean;
    paused: boolean;
    error: boolean;
    averageSpeed: number;
    file: File | null;
    progress(): number;
    pause(): void;
    resume(): void;
    retry(file?: UploaderFile): void;
    cancel(): void;
    isComplete(): boolean;
  }
  export interface UploaderOptions {
    target: string | ((file: UploaderFile) => string);
    chunkSize?: number;
    forceChunkSize?: boolean;
    simultaneousUploads?: number;
    fileParameterName?: string;
    query?:
      | Record<string, unknown>
      | ((file: UploaderFile, chunk: UploaderChunk, isTest: boolean) => Record<string, unknown>);
    withCredentials?: boolean;
    testChunks?: boolean;
    maxChunkRetries?: number;
    chunkRetryInterval?: number | null;
    permanentErrors?: number[];
    successStatuses?: number[];
    generateUniqueIdentifier?: (file: File & { relativePath?: string }) => string;
    checkChunkUploadedByResponse?: (chunk: UploaderChunk, message: string) => boolean;
    allowDuplicateUploads?: boolean;
    progressCallbacksInterval?: number;
  }
  export default class Uploader {
    constructor(options: UploaderOptions);
    support: boolean;
    files: UploaderFile[];
    fileList: UploaderFile[];
    opts: UploaderOptions;
    addFiles(files: FileList | File[], event?: Event): void;
    upload(): void;
    pause(): void;
    cancel(): void;
    removeFile(file: UploaderFile): void;
    on(event: string, handler: (...args: never[]) => unknown): void;
    off(event?: string): void;
  }
}
