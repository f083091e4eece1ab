/**
 * What an evaluation form leaves once saved: the server's message and the way to the evaluation. It
 * belongs to the page, not the form: saving refreshes the page's record (now evaluated), which
 * replaces the form.
 */
import { Link } from 'react-router';
import { Notice } from '@shared/ui/page';
import type { Saved } from '@console/components/evaluations/scored-form';

export function SavedNotice({ saved, list, what }: { saved: Saved; list: string; what: string }) {
  return (
    <Notice>
      {saved.message}。<Link to={`${list}?id=${saved.id}`}>查看{what}</Link>，或
      <Link to={list}>返回列表</Link>。
    </Notice>
  );
}
