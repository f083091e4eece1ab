import { useState, type FormEvent } from 'react';
import type { listOutbox } from '@server/modules/identity/sms/service';
import type { OnTheWire } from '@shared/api/envelope';
import { Button } from '@console/components/ui/button';
import { Card, Notice, PageHeader } from '@console/components/ui/page';
import { formatDateTime } from '@shared/format';
import { useApiData } from '@console/lib/use-api-data';
import { zh } from '@console/lib/i18n';
import './system.css';

/** A message as `GET {uc}/sms/outbox.json` answers it. */
type OutboxMessage = OnTheWire<Awaited<ReturnType<typeof listOutbox>>[number]>;

const t = zh.smsOutbox;

/**
 * /system/smsOutbox: the messages of the default SMS provider, a database outbox (issue 3), newest
 * first, optionally for one mobile number. Administrators only (route table and server).
 */
export function SmsOutboxPage() {
  const [phoneInput, setPhoneInput] = useState('');
  const [phone, setPhone] = useState('');
  const outbox = useApiData(
    (api, signal) =>
      api.data<OutboxMessage[]>('uc', 'sms/outbox.json', {
        query: phone ? { userphone: phone } : {},
        signal,
      }),
    [phone],
  );

  function search(event: FormEvent) {
    event.preventDefault();
    setPhone(phoneInput.trim());
  }

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <Card>
        <form className="sys-filter" onSubmit={search} role="search">
          <label htmlFor="outbox-phone">{t.phone}</label>
          <input
            id="outbox-phone"
            inputMode="numeric"
            maxLength={11}
            value={phoneInput}
            onChange={(event) => setPhoneInput(event.target.value)}
          />
          <Button type="submit">{zh.common.search}</Button>
        </form>
        {outbox.status === 'error' ? (
          <Notice tone="danger">{outbox.error.message}</Notice>
        ) : outbox.status === 'loading' ? (
          <p role="status">{zh.common.loading}</p>
        ) : outbox.data.length === 0 ? (
          <p className="ui-table-empty">{t.empty}</p>
        ) : (
          <div className="ui-table-wrap">
            <table className="ui-table">
              <caption className="visually-hidden">{t.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.phone}</th>
                  <th scope="col">{t.content}</th>
                  <th scope="col">{t.sentAt}</th>
                </tr>
              </thead>
              <tbody>
                {outbox.data.map((message) => (
                  <tr key={message.id}>
                    <td className="ui-table__nowrap">{message.userphone}</td>
                    <td className="ui-table__wide">{message.content}</td>
                    <td className="ui-table__nowrap">{formatDateTime(message.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
