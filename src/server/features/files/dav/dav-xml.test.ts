import { describe, expect, it } from 'vitest'
import { child, DAV_NS, innerXml, parseXml, textOf, XML_LIMITS, XmlError, xmlReader } from './dav-xml'

describe('parseXml', () => {
  it('resolves default and prefixed namespaces on elements and attributes', () => {
    const root = parseXml(
      '<?xml version="1.0"?><!-- a propfind --><D:propfind xmlns:D="DAV:"><D:prop>' +
        '<x:color xmlns:x="urn:x" x:lang="en" plain=\'1\'/><size xmlns="urn:y"/></D:prop></D:propfind>',
    )
    expect(root).toMatchObject({ ns: DAV_NS, name: 'propfind' })
    const prop = child(root, 'prop')!
    expect(prop.children).toMatchObject([
      { ns: 'urn:x', name: 'color', attrs: { '{urn:x}lang': 'en', plain: '1' } },
      { ns: 'urn:y', name: 'size', attrs: {} },
    ])
  })

  it('decodes entities and character references, and keeps CDATA as written', () => {
    const root = parseXml('<a>&lt;b&gt; &amp; &#65;&#x42; <![CDATA[<raw> &amp;]]></a>')
    expect(textOf(root)).toBe('<b> & AB <raw> &amp;')
    expect(innerXml(parseXml('<a><b xmlns="urn:b">x &amp; y</b></a>'))).toBe('<b xmlns="urn:b">x &amp; y</b>')
  })

  it.each([
    '<a>&e;</a>',
    '<a></b>',
    '<a><b></a>',
    '<a>',
    '<a/><b/>',
    'x<a/>',
    '<x:a/>',
    '<a xmlns:x=""/>',
    '<a b/>',
    '<a b=c/>',
    '<a b="c/>',
    '<a><!-- open',
    '<a><![CDATA[x',
    '< a/>',
    '  ',
  ])('refuses %j as not well-formed', (text) => {
    expect(() => parseXml(text)).toThrow(XmlError)
  })

  it.each([
    ['<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'Document type declarations are not accepted.'],
    [`${'<a>'.repeat(101)}${'</a>'.repeat(101)}`, 'The XML body is nested too deeply.'],
    [`<a>${'<b/>'.repeat(XML_LIMITS.elements)}</a>`, 'The XML body has too many elements.'],
    [
      `<a ${Array.from({ length: 51 }, (_, i) => `b${i}="1"`).join(' ')}/>`,
      'An XML element has too many attributes.',
    ],
    [
      `<a>${Array.from({ length: 201 }, (_, i) => `<b xmlns:n${i}="urn:${i}"/>`).join('')}</a>`,
      'The XML body declares too many namespaces.',
    ],
  ])('refuses %#: %s', (text, message) => {
    expect(() => parseXml(text)).toThrow(new XmlError(message))
  })

  it('takes a document in pieces, split anywhere', () => {
    const reader = xmlReader()
    for (const piece of ['<D:prop', 'find xmlns:D="DA', 'V:"><D:al', 'lprop/></D:propfind>'])
      reader.write(piece)
    const root = reader.close()
    expect(root).toMatchObject({ ns: DAV_NS, name: 'propfind' })
    expect(child(root, 'allprop')).toBeDefined()
  })
})
