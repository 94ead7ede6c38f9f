import { describe, expect, it } from 'vitest';
import { classifySendResult, CONTACT_TOASTS, readStatus } from '@/lib/contact/outcome';
import { TIMING } from '@/config/site';

describe('classifySendResult', () => {
  it('treats only status 200 as sent', () => {
    expect(classifySendResult({ status: 200, text: 'OK' })).toBe('sent');
    for (const status of [201, 204, 299]) {
      expect(classifySendResult({ status, text: '' })).toBe('refused');
    }
  });

  it('treats any other status as refused', () => {
    for (const status of [400, 403, 412, 422, 429, 451, 500, 502, 503]) {
      expect(classifySendResult({ status, text: 'x' })).toBe('refused');
    }
  });

  it('treats anything without a real status as failed', () => {
    expect(classifySendResult(new TypeError('Failed to fetch'))).toBe('failed');
    expect(classifySendResult('The public key is required.')).toBe('failed');
    expect(classifySendResult(undefined)).toBe('failed');
    expect(classifySendResult(null)).toBe('failed');
    expect(classifySendResult({ status: 0, text: 'Network Error' })).toBe('failed');
    expect(classifySendResult({ status: '200' })).toBe('failed');
    expect(readStatus({ status: 404 })).toBe(404);
  });

  it('maps outcomes to their toasts', () => {
    expect(CONTACT_TOASTS.sent).toEqual({
      title: 'Message sent',
      description: "We'll get back to you as soon as possible.",
      variant: 'default',
    });
    expect(CONTACT_TOASTS.refused).toEqual({
      title: 'Unable to send message',
      description: 'Please try again later or email us directly.',
      variant: 'destructive',
    });
    expect(CONTACT_TOASTS.failed).toEqual({
      title: 'Error sending message',
      description: 'Something went wrong. Please try again.',
      variant: 'destructive',
    });
    expect(TIMING.toastMs).toBe(5000);
  });
});
