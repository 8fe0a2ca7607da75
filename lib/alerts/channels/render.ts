import type { AlertMessage, NotificationEvent } from '../outbox';

/** What the sender knows about one outbox row when it renders it. */
export type Notification = {
  id: string;
  event: NotificationEvent;
  message: AlertMessage;
  incident: { id: string; kind: string; subject: string; state: string } | null;
  sentAt: string;
};

const SEVERITY_COLOR = { critical: 0xd92d20, warning: 0xf79009, info: 0x2e90fa } as const;
const prefix = (n: Notification) =>
  n.event === 'resolved' ? 'Resolved: ' : n.event === 'test' ? 'Test: ' : '';
const title = (n: Notification) => `${prefix(n)}${n.message.title}`;
const factLines = (n: Notification) => Object.entries(n.message.facts).map(([k, v]) => `${k}: ${v}`);

/** The signed webhook's body. */
export const webhookBody = (n: Notification) => ({
  id: n.id,
  event: n.event,
  incident: n.incident,
  message: n.message,
  sentAt: n.sentAt,
});

/** A Slack incoming-webhook message: a fallback text and blocks. */
export function slackBody(n: Notification) {
  const facts = Object.entries(n.message.facts).slice(0, 10);
  return {
    text: `${title(n)}\n${n.message.text}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title(n).slice(0, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: n.message.text.slice(0, 3000) } },
      ...(facts.length > 0
        ? [{ type: 'section', fields: facts.map(([k, v]) => ({ type: 'mrkdwn', text: `*${k}*\n${v}` })) }]
        : []),
      ...(n.message.url
        ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `<${n.message.url}|Open in Tickwork>` }] }]
        : []),
    ],
  };
}

/** A Discord webhook message: one embed. */
export function discordBody(n: Notification) {
  return {
    content: title(n).slice(0, 2000),
    embeds: [
      {
        title: title(n).slice(0, 256),
        description: n.message.text.slice(0, 4096),
        color: n.event === 'resolved' ? 0x12b76a : SEVERITY_COLOR[n.message.severity],
        fields: Object.entries(n.message.facts)
          .slice(0, 25)
          .map(([name, value]) => ({ name: name.slice(0, 256), value: value.slice(0, 1024), inline: true })),
        ...(n.message.url && { url: n.message.url }),
        timestamp: n.sentAt,
      },
    ],
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A Telegram sendMessage body (HTML parse mode). */
export function telegramBody(n: Notification, chatId: string) {
  const lines = [
    `<b>${escapeHtml(title(n))}</b>`,
    escapeHtml(n.message.text),
    ...factLines(n).map(escapeHtml),
    ...(n.message.url ? [`<a href="${escapeHtml(n.message.url)}">Open in Tickwork</a>`] : []),
  ];
  return {
    chat_id: chatId,
    text: lines.join('\n').slice(0, 4096),
    parse_mode: 'HTML',
    disable_web_page_preview: true,
  };
}

/** An email: subject, plain text and HTML. */
export function emailContent(n: Notification) {
  const text = [
    title(n),
    '',
    n.message.text,
    '',
    ...factLines(n),
    ...(n.message.url ? ['', n.message.url] : []),
  ].join('\n');
  const rows = Object.entries(n.message.facts)
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  const html = [
    `<h2>${escapeHtml(title(n))}</h2>`,
    `<p>${escapeHtml(n.message.text)}</p>`,
    rows && `<table>${rows}</table>`,
    n.message.url && `<p><a href="${escapeHtml(n.message.url)}">Open in Tickwork</a></p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { subject: `[Tickwork] ${title(n)}`, text, html };
}
