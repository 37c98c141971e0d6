/**
 * Test support: a small, valid PDF with real text, built byte by byte (no
 * PDF library needed). Each page is a list of lines in Helvetica.
 */
export function buildSamplePdf(
  pages: string[][],
  options: { padToBytes?: number; contentStream?: Buffer } = {},
): Buffer {
  if (options.padToBytes !== undefined) {
    // An unreferenced stream of spaces makes the file exactly the size asked for.
    const target = options.padToBytes;
    let pad = 0;
    for (let i = 0; i < 3; i++) {
      const size = buildSamplePdf(pages, { padding: pad } as never).length;
      pad += target - size;
    }
    return buildSamplePdf(pages, { padding: pad } as never);
  }
  const padding = (options as { padding?: number }).padding;
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, then a page and its content per page.
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, i) => {
    const pageId = 4 + i * 2;
    const contentId = pageId + 1;
    pageIds.push(pageId);
    const body =
      'BT /F1 12 Tf 72 720 Td 16 TL ' + lines.map((l) => `(${escape(l)}) Tj T*`).join(' ') + ' ET';
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R ` +
      '/Resources << /Font << /F1 3 0 R >> >> >>';
    objects[contentId] =
      `<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`;
  });
  if (padding !== undefined) {
    objects.push(
      `<< /Length ${padding} >>\nstream\n${' '.repeat(Math.max(0, padding))}\nendstream`,
    );
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) {
    out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
