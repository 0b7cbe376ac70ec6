import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSmsSimulator } from '@app/simulators/sms/sms-simulator';
import { describe, expect, it } from 'vitest';
import { createAfricasTalkingGateway } from './africas-talking.ts';
import { DeliveryReportSchema, isFinalDeliveryStatus } from './delivery-report.ts';

describe('delivery report', () => {
  it('reads a failure report with its optional fields', () => {
    const form = new URLSearchParams(
      'id=ATXid_abc&status=Failed&phoneNumber=%2B254712345678&networkCode=63902&failureReason=UserInBlackList&retryCount=2',
    );

    expect(DeliveryReportSchema.parse(Object.fromEntries(form))).toEqual({
      id: 'ATXid_abc',
      status: 'Failed',
      phoneNumber: '+254712345678',
      networkCode: '63902',
      failureReason: 'UserInBlackList',
      retryCount: 2,
    });
  });

  it('rejects an unknown status or a missing id', () => {
    expect(
      DeliveryReportSchema.safeParse({ id: 'x', status: 'Delivered', phoneNumber: '+254712345678' }).success,
    ).toBe(false);
    expect(DeliveryReportSchema.safeParse({ status: 'Success', phoneNumber: '+254712345678' }).success).toBe(
      false,
    );
  });

  it('treats Success, Failed and Rejected as final', () => {
    expect(isFinalDeliveryStatus('Success')).toBe(true);
    expect(isFinalDeliveryStatus('Failed')).toBe(true);
    expect(isFinalDeliveryStatus('Rejected')).toBe(true);
    for (const status of ['Sent', 'Submitted', 'Buffered', 'AbsentSubscriber', 'Expired'] as const) {
      expect(isFinalDeliveryStatus(status)).toBe(false);
    }
  });

  it('reads the report the simulator posts for a message the gateway sent', async () => {
    let resolveBody: (body: string) => void = () => {};
    const received = new Promise<string>((resolve) => (resolveBody = resolve));
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.end();
        resolveBody(body);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;

    const simulator = createSmsSimulator({
      username: 'sandbox',
      apiKey: 'key',
      deliveryReportUrl: `http://127.0.0.1:${port}/callbacks/sms`,
      deliveryReportDelayMs: 5,
    });
    try {
      const baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
      const gateway = createAfricasTalkingGateway({ baseUrl, username: 'sandbox', apiKey: 'key' });
      const sent = await gateway.send('+254712345678', 'hi');

      const report = DeliveryReportSchema.parse(Object.fromEntries(new URLSearchParams(await received)));

      expect(report).toEqual({
        id: sent.messageId,
        status: 'Success',
        phoneNumber: '+254712345678',
        networkCode: '63902',
        retryCount: 0,
      });
      expect(isFinalDeliveryStatus(report.status)).toBe(true);
    } finally {
      await simulator.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
