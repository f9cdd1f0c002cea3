// Raw messages in the shapes real mail clients write (RFC 5322, CRLF), for APPEND into dovecot.

export interface Shape {
  from: string
  to: string
  messageId: string
  inReplyTo?: string
  references?: string
  subject?: string
}

function headers(s: Shape, extra: string[] = []): string {
  return [
    `From: ${s.from}`,
    `To: ${s.to}`,
    `Subject: ${s.subject ?? 'Re: your quote request'}`,
    `Date: Sat, 28 Nov 2026 10:00:00 +0000`,
    `Message-ID: ${s.messageId}`,
    ...(s.inReplyTo ? [`In-Reply-To: ${s.inReplyTo}`] : []),
    ...(s.references ? [`References: ${s.references}`] : []),
    'MIME-Version: 1.0',
    ...extra,
  ].join('\r\n')
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')

/** Gmail: text and HTML alternatives, "On … wrote:" wrapped over two lines, "> " quotes. */
export function gmailReply(s: Shape, words: string): string {
  const text = `${words}\n\nOn Sat, 28 Nov 2026 at 09:00, Biz Support <no-reply@biz.example>\nwrote:\n\n> Hello Ada,\n> Three engines come to 1,500,000.\n`
  const html = `<div dir="ltr">${words}</div><br><div class="gmail_quote"><div class="gmail_attr">On Sat, 28 Nov 2026 at 09:00, Biz Support wrote:<br></div><blockquote class="gmail_quote">Hello Ada,<br>Three engines</blockquote></div>`
  return crlf(`${headers(s, ['Content-Type: multipart/alternative; boundary="000gmail"'])}

--000gmail
Content-Type: text/plain; charset="UTF-8"

${text}
--000gmail
Content-Type: text/html; charset="UTF-8"

${html}
--000gmail--
`)
}

/** Outlook: a rule, then "From: … Sent: …" headers of the original, no "> " quoting. */
export function outlookReply(s: Shape, words: string): string {
  return crlf(`${headers(s, ['Content-Type: text/plain; charset="us-ascii"', 'Thread-Index: AdoAbCdEf=='])}

${words}

________________________________
From: Biz Support <no-reply@biz.example>
Sent: Saturday, November 28, 2026 9:00 AM
To: Ada Lovelace <ada@example.com>
Subject: Re: your quote request

Hello Ada,
Three engines come to 1,500,000.
`)
}

/** Apple Mail, ISO-8859-1 and quoted-printable: "On 28 Nov 2026, at 09:00, … wrote:" then quotes. */
export function appleLatin1Reply(s: Shape, wordsLatin1: string): string {
  return crlf(`${headers(s, [
    'Content-Type: text/plain; charset=iso-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    'X-Mailer: Apple Mail (2.3731.700.6)',
  ])}

${wordsLatin1}

> On 28 Nov 2026, at 09:00, Biz Support <no-reply@biz.example> wrote:
>=20
> Hello Ada,
`)
}

/** HTML only: a remote image (a tracker) and a script, which must not survive. */
export function htmlOnly(s: Shape, words: string): string {
  return crlf(`${headers(s, ['Content-Type: text/html; charset=UTF-8'])}

<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><p onclick="steal()">${words}</p><img src="https://tracker.example/pixel.gif" alt="logo"><a href="javascript:alert(1)">x</a></body></html>
`)
}

/** A text part with a PDF and a program attached. */
export function withAttachments(s: Shape, words: string): string {
  const pdf = Buffer.from('%PDF-1.4\n% a small document\n').toString('base64')
  const exe = Buffer.from('MZ not really a program').toString('base64')
  return crlf(`${headers(s, ['Content-Type: multipart/mixed; boundary="mix"'])}

--mix
Content-Type: text/plain; charset=UTF-8

${words}
--mix
Content-Type: application/pdf; name="drawing.pdf"
Content-Disposition: attachment; filename="drawing.pdf"
Content-Transfer-Encoding: base64

${pdf}
--mix
Content-Type: application/octet-stream; name="setup.exe"
Content-Disposition: attachment; filename="setup.exe"
Content-Transfer-Encoding: base64

${exe}
--mix--
`)
}

/** An out-of-office answer. */
export function autoReply(s: Shape): string {
  return crlf(`${headers(s, ['Auto-Submitted: auto-replied', 'Content-Type: text/plain; charset=UTF-8'])}

I am out of the office until Monday.
`)
}

/** A delivery status notification (RFC 3464). */
export function bounce(s: Shape): string {
  return crlf(`${headers(s, ['Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"'])}

--dsn
Content-Type: text/plain

Delivery to the following recipient failed permanently: ada@example.com
--dsn
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com
Final-Recipient: rfc822; ada@example.com
Action: failed
Status: 5.1.1
--dsn--
`)
}

/** No From, no Message-ID, a broken multipart: what a broken script might send. */
export function malformed(marker: string): string {
  return crlf(`Subject: ${marker}
Content-Type: multipart/mixed; boundary="never-closed"

--never-closed
Content-Type: text/plain

${marker} and then it just stops`)
}

/** A plain message with `bytes` of filler in a base64 attachment. */
export function large(s: Shape, bytes: number): string {
  const filler = Buffer.alloc(bytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n')
  return (
    crlf(`${headers(s, ['Content-Type: multipart/mixed; boundary="big"'])}

--big
Content-Type: text/plain

Here is the big file.
--big
Content-Type: application/octet-stream; name="big.bin"
Content-Transfer-Encoding: base64

`) + `${filler}\r\n--big--\r\n`
  )
}

/** A new message to the business from someone with no conversation yet. */
export function fresh(s: Shape, words: string): string {
  return crlf(`${headers(s, ['Content-Type: text/plain; charset=UTF-8'])}

${words}
`)
}

/** HTML only, the quoted history where each client marks it: Gmail, Apple Mail, Outlook. */
export function htmlReply(s: Shape, client: 'gmail' | 'apple' | 'outlook', words: string): string {
  const original = 'Hello Ada,<br>Three engines come to 1,500,000.'
  const bodies = {
    gmail: `<div dir="ltr">${words}</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Sat, 28 Nov 2026 at 09:00, Biz Support &lt;no-reply@biz.example&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">${original}</blockquote></div>`,
    apple: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto"><div dir="ltr">${words}</div><div dir="ltr"><br><blockquote type="cite">On 28 Nov 2026, at 09:00, Biz Support &lt;no-reply@biz.example&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${original}</div></blockquote></body></html>`,
    outlook: `<html><head><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div class="elementToProof" style="font-family: Aptos">${words}</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt"><b>From:</b> Biz Support &lt;no-reply@biz.example&gt;<br><b>Sent:</b> Saturday, November 28, 2026 9:00 AM<br><b>Subject:</b> Re: your quote request</font><div>&nbsp;</div></div><div>${original}</div></body></html>`,
  }
  return crlf(`${headers(s, ['Content-Type: text/html; charset="UTF-8"'])}

${bodies[client]}
`)
}
