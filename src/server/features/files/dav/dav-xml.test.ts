import { describe, expect, it } from 'vitest'
import { child, DAV_NS, innerXml, parseXml, textOf, XmlError } from './dav-xml'

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
    ['<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'Document type declarations are not accepted.'],
    ['<a>&e;</a>', 'Unknown entity &e;'],
    ['<a></b>', 'Mismatched end tag </b>.'],
    ['<a><b></a>', 'Mismatched end tag </a>.'],
    ['<a>', 'Unclosed element.'],
    ['<a/><b/>', 'More than one root element.'],
    ['x<a/>', 'Text outside the root element.'],
    ['<x:a/>', 'Undeclared namespace prefix x.'],
    ['<a xmlns:x=""/>', 'A namespace prefix cannot be unbound.'],
    ['<a b/>', 'Attribute without a value.'],
    ['<a b=c/>', 'Unquoted attribute value.'],
    ['<a b="c/>', 'Unterminated attribute value.'],
    ['<a><!-- open', 'Unterminated comment.'],
    ['<a><![CDATA[x', 'Unterminated CDATA section.'],
    ['< a/>', 'Malformed start tag.'],
    ['  ', 'No root element.'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseXml(text)).toThrow(new XmlError(message))
  })
})
