import { mergeAttributes, Node } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { useRef, useState, type ReactNode } from 'react';
import { NOTICE_FONT_SIZES, NOTICE_FONTS } from '@shared/validation/notices';
import { inlineImageExtensions } from '@shared/validation/upload';
import { cx } from '@shared/ui/cx';
import './rich-text-editor.css';

/** Images inserted from our own media URL (the server keeps no other source). */
const InlineImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

export interface RichTextEditorProps {
  id: string;
  /** The HTML the editor starts with (later changes of the prop are ignored; remount to reset). */
  initialHtml: string;
  onChange: (html: string) => void;
  /** Uploads an image and gives its URL; without it there is no image button. */
  onUploadImage?: (file: File) => Promise<string>;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
}

function ToolButton({
  label,
  active,
  onClick,
  children,
  disabled,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={cx('rte-tool', active && 'rte-tool--active')}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Toolbar({
  editor,
  onUploadImage,
}: {
  editor: Editor;
  onUploadImage?: (file: File) => Promise<string>;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      fontFamily: (e.getAttributes('textStyle').fontFamily as string | undefined) ?? '',
    }),
  });
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = useState('');
  const [uploading, setUploading] = useState(false);

  const chain = () => editor.chain().focus();

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="格式工具栏">
      <select
        className="rte-select"
        aria-label="字体"
        value={state.fontFamily.replace(/^"|"$/g, '')}
        onChange={(event) =>
          event.target.value
            ? chain().setFontFamily(event.target.value).run()
            : chain().unsetFontFamily().run()
        }
      >
        <option value="">默认字体</option>
        {NOTICE_FONTS.map((font) => (
          <option key={font.value} value={font.value}>
            {font.label}
          </option>
        ))}
      </select>
      <select
        className="rte-select"
        aria-label="字号"
        value={state.fontSize}
        onChange={(event) =>
          event.target.value ? chain().setFontSize(event.target.value).run() : chain().unsetFontSize().run()
        }
      >
        <option value="">默认字号</option>
        {NOTICE_FONT_SIZES.map((size) => (
          <option key={size} value={`${size}px`}>
            {size}px
          </option>
        ))}
      </select>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton label="加粗" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label="斜体" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton label="下划线" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </ToolButton>
      <ToolButton label="删除线" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <s>S</s>
      </ToolButton>
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton
        label="二级标题"
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label="三级标题"
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <ToolButton label="项目符号列表" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        •≡
      </ToolButton>
      <ToolButton label="编号列表" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1≡
      </ToolButton>
      <ToolButton label="引用" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        “ ”
      </ToolButton>
      <ToolButton
        label={state.link ? '取消链接' : '插入链接'}
        active={state.link}
        onClick={() => {
          if (state.link) {
            chain().unsetLink().run();
            return;
          }
          const href = window.prompt('请输入链接地址（http:// 或 https:// 开头）', 'https://');
          if (href && /^https?:\/\/\S+$/i.test(href.trim())) chain().setLink({ href: href.trim() }).run();
        }}
      >
        链接
      </ToolButton>
      {onUploadImage ? (
        <>
          <ToolButton label="插入图片" disabled={uploading} onClick={() => fileInput.current?.click()}>
            图片
          </ToolButton>
          <input
            ref={fileInput}
            type="file"
            accept={inlineImageExtensions.map((extension) => `.${extension}`).join(',')}
            hidden
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setUploading(true);
              setImageError('');
              try {
                const src = await onUploadImage(file);
                chain()
                  .insertContent({ type: 'image', attrs: { src, alt: file.name } })
                  .run();
              } catch (error) {
                setImageError(error instanceof Error ? error.message : '图片上传失败');
              } finally {
                setUploading(false);
              }
            }}
          />
        </>
      ) : null}
      <span className="rte-sep" aria-hidden="true" />
      <ToolButton label="撤销" onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="重做" onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
      {imageError ? (
        <span className="rte-toolbar__error" role="alert">
          {imageError}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The console's rich-text editor (Tiptap): headings, lists, bold/italic/underline/strike, quotes,
 * http(s) links, font sizes 16-30 px and the spec's font families (section 9), own images. What it
 * produces is sanitized again on the server; this only keeps the editing honest.
 */
export function RichTextEditor({
  id,
  initialHtml,
  onChange,
  onUploadImage,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          protocols: ['http', 'https'],
          isAllowedUri: (url) => /^https?:\/\//i.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
      TextStyle,
      FontFamily,
      FontSize,
      InlineImage,
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  return (
    <div data-slot="rich-text-editor" className={cx('rte', invalid && 'rte--invalid')}>
      {editor ? <Toolbar editor={editor} onUploadImage={onUploadImage} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
