import { describe, expect, it } from 'vitest';
import { attr, children, descendants, ownText, parseXml, path, text, texts, XmlFormatError } from './xml.js';

describe('parseXml', () => {
  it('reads prefixed and bare tags by local name, repeated tags always as arrays', () => {
    const xml = `<?xml version="1.0"?>
      <wms:WMS_Capabilities xmlns:wms="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.3.0">
        <wms:Capability><wms:Layer><wms:Name>08</wms:Name><wms:Format>image/png</wms:Format>
          <wms:OnlineResource xlink:href="https://a.cuzk.gov.cz/x?a=1&amp;b=2"/>
        </wms:Layer></wms:Capability></wms:WMS_Capabilities>`;
    const doc = parseXml(xml, ['Layer', 'Format']);
    const root = path(doc, 'WMS_Capabilities');
    expect(attr(root, 'version')).toBe('1.3.0');
    const layers = children(path(root, 'Capability'), 'Layer');
    expect(layers).toHaveLength(1);
    // identifiers stay strings: "08" is not the number 8
    expect(text(layers[0], 'Name')).toBe('08');
    expect(texts(layers[0], 'Format')).toEqual(['image/png']);
    expect(attr(path(layers[0], 'OnlineResource'), 'href')).toBe('https://a.cuzk.gov.cz/x?a=1&b=2');
  });

  it('rejects a document that is not XML (an HTML error page, a cut answer)', () => {
    expect(() => parseXml('<html><body>Service Unavailable', [])).toThrow(XmlFormatError);
    expect(() => parseXml('', [])).toThrow(XmlFormatError);
  });

  it('refuses a DOCTYPE (entity expansion), whatever its case', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><a>&lol;</a>';
    expect(() => parseXml(bomb)).toThrow('a DOCTYPE is not accepted');
    expect(() => parseXml('<!doctype x><x/>')).toThrow(XmlFormatError);
  });

  it('finds elements at any depth in document order (GML posList under rings)', () => {
    const doc = parseXml(
      '<gml:Polygon xmlns:gml="http://www.opengis.net/gml/3.2"><gml:exterior><gml:LinearRing><gml:posList>1 2 3 4</gml:posList>' +
        '</gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList>5 6</gml:posList></gml:LinearRing></gml:interior></gml:Polygon>',
    );
    expect(descendants(doc, 'posList').map(ownText)).toEqual(['1 2 3 4', '5 6']);
    expect(descendants(path(doc, 'Polygon', 'interior'), 'posList').map(ownText)).toEqual(['5 6']);
    expect(descendants(doc, 'missing')).toEqual([]);
  });
});
