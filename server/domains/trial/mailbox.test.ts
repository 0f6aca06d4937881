import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox.ts';

describe('the mailbox a trial is counted by', () => {
  it.each([
    ['John.Smith+trial2@Gmail.com', 'johnsmith@gmail.com'],
    ['j.o.h.n.smith@googlemail.com', 'johnsmith@gmail.com'],
    ['ｊｏｈｎｓｍｉｔｈ@gmail.com', 'johnsmith@gmail.com'],
    ['user+shop@Example.COM', 'user@example.com'],
    // Dots are significant outside Gmail: another person's mailbox.
    ['first.last@example.com', 'first.last@example.com'],
    ['Иван+тест@Пример.РФ', 'иван@xn--e1afmkfd.xn--p1ai'],
    // A local part that is only a tag is kept as it is (nothing to fold it to).
    ['+tag@example.com', '+tag@example.com'],
  ])('%s → %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
    expect(mailboxOf(mailbox)).toBe(mailbox);
  });
});
