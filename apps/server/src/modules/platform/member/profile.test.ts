import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { PNG, postMultipart } from '../../../../test/uploads.ts';
import { useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();

/** Uploads one image as the avatar and upload forms send it (field `file`). */
const upload = (path: string, token: string | undefined, file: Buffer, filename?: string, type?: string) =>
  postMultipart(ctx, path, token, [{ name: 'file', file, filename, type }]);

describe('profile', () => {
  it('changes the nickname, and refuses fields a member may not set', async () => {
    const { token } = await newMember(ctx);
    const changed = await callApi(ctx, MEMBER_PATHS.modifyMemberInfo, {
      token,
      form: { nickName: 'Lucky Jo' },
    });
    expect(changed.data.nickName).toBe('Lucky Jo');
    expect((await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token })).data.nickName).toBe(
      'Lucky Jo',
    );
    for (const field of ['money', 'levelId', 'mobile', 'status']) {
      const refused = await callApi(ctx, MEMBER_PATHS.modifyMemberInfo, {
        token,
        form: { [field]: '999999' },
      });
      expect(refused.code, field).toBe(ERRORS.BAD_REQUEST.code);
    }
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token });
    expect(profile.data).toMatchObject({ money: 0, levelId: 1 });
    expect((await callApi(ctx, MEMBER_PATHS.modifyMemberInfo, { form: { nickName: 'x' } })).status).toBe(401);
  });

  it('checks the nickname with the shared rule: 2030 and its message for markup, links, control characters or a wrong length', async () => {
    const { token } = await newMember(ctx);
    const set = (nickName: string) =>
      callApi(ctx, MEMBER_PATHS.modifyMemberInfo, { token, form: { nickName } });
    expect((await set('  Wanjiku_K. ')).data.nickName).toBe('Wanjiku_K.');
    expect((await set('Zoë Akinyi')).data.nickName).toBe('Zoë Akinyi');
    for (const bad of ['x', '<b>Jo</b>', 'https://t.me/x', 'a'.repeat(21), '_lead', 'Jo\nJo']) {
      const refused = await set(bad);
      expect(refused, bad).toMatchObject({
        status: 400,
        code: ERRORS.NICKNAME_RULE.code,
        msg: ERRORS.NICKNAME_RULE.msg,
      });
    }
    // A NUL is refused before the nickname rule, by the text rule every field of every request has.
    expect(await set('Jo\u0000')).toMatchObject({ status: 400, code: ERRORS.BAD_REQUEST.code });
    expect((await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token })).data.nickName).toBe(
      'Zoë Akinyi',
    );
    // Empty clears it: the Me page then shows the mobile number.
    expect((await set('')).data.nickName).toBe('');
  });

  it('uploads an avatar, served back as the same image, never sniffed', async () => {
    const { token } = await newMember(ctx);
    const answer = await upload(MEMBER_PATHS.modifyImg, token, PNG);
    expect(answer.code).toBe(0);
    expect(answer.data.img).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: answer.data.img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });

  it('refuses what is not an image, whatever it claims to be, and needs login', async () => {
    const { token } = await newMember(ctx);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(MEMBER_PATHS.uploadImage, token, svg, 'a.png', 'image/png');
    expect(refused).toMatchObject({ status: 400, code: ERRORS.NOT_AN_IMAGE.code });
    expect((await upload(MEMBER_PATHS.uploadImage, undefined, PNG)).status).toBe(401);
    const image = await upload(MEMBER_PATHS.uploadImage, token, PNG);
    expect(image.data.url).toMatch(/^\/uploads\//);
  });

  it('refuses a file over 10 MB', async () => {
    const { token } = await newMember(ctx);
    const large = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const answer = await upload(MEMBER_PATHS.modifyImg, token, large);
    expect(answer).toMatchObject({ status: 413, code: ERRORS.PAYLOAD_TOO_LARGE.code });
  });

  it('answers the persona', async () => {
    const { token } = await newMember(ctx);
    expect((await callApi(ctx, ACCOUNT_PATHS.persona, { method: 'GET', token })).data).toEqual({
      totalDepositCount: 0,
    });
  });
});
