/**
 * The image captcha's input beside its picture (spec section 5), as the sign-in dialog and the
 * feedback form show it: typing goes to `onChange`, a click on the picture asks for a new one.
 */
import type { ComponentProps } from 'react';
import type { ApiClient } from '@shared/api/client';
import { captchaImageUrl } from '@shared/auth/sign-on';
import { Input } from '@shared/ui/form';
import { CAPTCHA_LENGTH } from '@shared/validation/identity';

interface CaptchaInputProps extends Omit<ComponentProps<typeof Input>, 'name' | 'maxLength'> {
  api: ApiClient;
  /** Changes whenever a new picture is wanted (a counter or a time). */
  image: number;
  onRefresh: () => void;
}

export function CaptchaInput({ api, image, onRefresh, ...input }: CaptchaInputProps) {
  return (
    <div className="ui-input-row">
      <Input {...input} name="captcha" autoComplete="off" maxLength={CAPTCHA_LENGTH} />
      <button type="button" className="account-captcha" onClick={onRefresh} title="看不清？换一张">
        <img src={captchaImageUrl(api, image)} alt="图片验证码，点击更换" width={120} height={40} />
      </button>
    </div>
  );
}
