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
    // Yandex (#43): one login on every Yandex domain, and `.` the same as `-` in it.
    ['olga@yandex.ru', 'olga@yandex.ru'],
    ['Olga@Ya.ru', 'olga@yandex.ru'],
    ['olga+again@yandex.com', 'olga@yandex.ru'],
    ['olga@yandex.by', 'olga@yandex.ru'],
    ['olga@yandex.kz', 'olga@yandex.ru'],
    ['olga@yandex.ua', 'olga@yandex.ru'],
    ['olga@yandex.com.tr', 'olga@yandex.ru'],
    ['olga@narod.ru', 'olga@yandex.ru'],
    ['olga.k@yandex.ru', 'olga-k@yandex.ru'],
    ['olga-k@ya.ru', 'olga-k@yandex.ru'],
    // Outside Yandex a hyphen is a character like any other, and Mail.ru's domains are separate mailboxes.
    ['olga-k@example.com', 'olga-k@example.com'],
    ['olga@mail.ru', 'olga@mail.ru'],
    ['olga@bk.ru', 'olga@bk.ru'],
    // A local part that is only a tag is kept as it is (nothing to fold it to).
    ['+tag@example.com', '+tag@example.com'],
  ])('%s → %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
    expect(mailboxOf(mailbox)).toBe(mailbox);
  });
});
