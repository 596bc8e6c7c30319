// A SCORM package of a problem set: its set file (scorm.json, which set.js plays), its
// imsmanifest.xml, and a zip writer (deflated with the platform's CompressionStream, CRC-32,
// fixed timestamps) for the one the play view's Embed panel and the worksheet build in the
// browser. Nothing at its top level
// needs a page: `build.py scorm` runs setFile and imsmanifest under Node, so the package
// from the command line and the page's are one.

// What each hint asked for costs of a puzzle's share (set.js scores with it).
export const HINT_COST = 0.2;
// The package's file the launch page reads.
export const SET_FILE = "scorm.json";
// The name of a package the page downloads.
const PACKAGE_NAME = "sudoku-scorm.zip";
// The launch page: the play view, compact and read-only, on the set (set.js), with the
// buttons for playing (not Rate, DLX steps, Share or Embed, which lead away from the set).
export const LAUNCH = `index.html?embed=1&readonly=1&id=scorm&buttons=solve,check,hint,stop,notes,fill-notes,clear,undo,redo&set=${SET_FILE}`;
export const RULE = `Each of the N puzzles is worth 100/N points when the student's own entries solve it; ` +
  `each hint asked for costs ${HINT_COST * 100}% of that; a puzzle whose solution was shown scores 0. ` +
  "The package is completed when every puzzle is solved, and then passed or failed against the " +
  "mastery score, if there is one.";

const VERSIONS = {
  "1.2": {
    namespaces: 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" ' +
      'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd ' +
      "http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd " +
      'http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"',
    schemaversion: "1.2",
    scormtype: "scormtype",
  },
  2004: {
    namespaces: 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" ' +
      'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
      'xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd ' +
      'http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd"',
    schemaversion: "2004 4th Edition",
    scormtype: "scormType",
  },
};

// The set file: puzzles (canonical texts), lab links (relative to the page), title,
// mastery score (0-100, or null: completed rather than passed/failed), SCORM version
// ("1.2" or "2004"), and the scoring rule.
export function setFile(title, puzzles, labs = [], mastery = null, version = "1.2") {
  return { title, puzzles, labs, mastery, scorm: version, hint_cost: HINT_COST, rule: RULE };
}

function xml(text) {
  return String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

// imsmanifest.xml of a one-SCO package of `set` (setFile's) holding `files` (paths).
export function imsmanifest(set, files) {
  const { namespaces, schemaversion, scormtype } = VERSIONS[set.scorm];
  const identifier = `sudoku-dlx-${crc32(new TextEncoder().encode(JSON.stringify(set))).toString(16).padStart(8, "0")}`;
  const title = xml(set.title);
  const mastery = set.mastery !== null && set.scorm === "1.2" ? `\n        <adlcp:masteryscore>${set.mastery}</adlcp:masteryscore>` : "";
  const fileLines = files.map((name) => `\n      <file href="${xml(name)}"/>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${identifier}" version="1.0" ${namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${schemaversion}</schemaversion>
  </metadata>
  <organizations default="set">
    <organization identifier="set">
      <title>${title}</title>
      <item identifier="item" identifierref="sco" isvisible="true">
        <title>${title}</title>${mastery}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco" type="webcontent" adlcp:${scormtype}="sco" href="${xml(LAUNCH)}">${fileLines}
    </resource>
  </resources>
</manifest>
`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

// The CRC-32 of `bytes` (a Uint8Array), as zip files carry it.
export function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// `data` (a Uint8Array) compressed as a zip entry's deflate method stores it.
async function deflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A zip file of `files` ([name, Uint8Array] pairs, in order), each entry deflated (stored
// as it is when deflating does not make it smaller), every entry dated 1980-01-01 00:00
// (the same files give the same bytes).
export async function zip(files) {
  const encoder = new TextEncoder();
  const DATE = (0 << 9) | (1 << 5) | 1; // 1980-01-01 in DOS form; time 00:00
  const parts = [];
  const central = [];
  let offset = 0;
  for (const [name, data] of files) {
    const path = encoder.encode(name);
    const crc = crc32(data);
    const packed = await deflate(data);
    const [method, body] = packed.length < data.length ? [8, packed] : [0, data];
    const header = (signature, extra) => {
      const fields = new DataView(new ArrayBuffer(extra ? 46 : 30));
      let at = 0;
      const u32 = (v) => { fields.setUint32(at, v, true); at += 4; };
      const u16 = (v) => { fields.setUint16(at, v, true); at += 2; };
      u32(signature);
      if (extra) u16(20); // made by: version 2.0
      u16(20); u16(0x0800); u16(method); u16(0); u16(DATE); // version needed, UTF-8 names, method, time, date
      u32(crc); u32(body.length); u32(data.length); u16(path.length); u16(0);
      if (extra) { u16(0); u16(0); u16(0); u32(0o100644 << 16); u32(offset); } // comment, disk, attributes, where
      return new Uint8Array(fields.buffer);
    };
    const local = header(0x04034b50, false);
    parts.push(local, path, body);
    central.push(header(0x02014b50, true), path);
    offset += local.length + path.length + body.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

// The package of `set` (setFile's) as zip bytes, with the page's files fetched from the
// page's origin (`base`: the page's folder), as build.json lists them.
export async function scormPackage(base, set) {
  const build = await (await fetch(new URL("static/vendor/build.json", base), { cache: "no-cache" })).json();
  const names = [...build.files, "static/vendor/build.json"];
  const files = await Promise.all(names.map(async (name) => {
    const response = await fetch(new URL(name, base));
    if (!response.ok) throw new Error(`${name}: ${response.status} ${response.statusText}`);
    return [name, new Uint8Array(await response.arrayBuffer())];
  }));
  files.push([SET_FILE, new TextEncoder().encode(`${JSON.stringify(set, null, 2)}\n`)]);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const manifest = imsmanifest(set, files.map(([name]) => name));
  return zip([["imsmanifest.xml", new TextEncoder().encode(manifest)], ...files]);
}

// Builds the package of `puzzles` (canonical texts) titled `title` from this site's files
// and downloads it; `say` tells how it went, in words.
export async function downloadScorm(puzzles, title, say) {
  say("Building the SCORM package from this site's files…");
  try {
    const bytes = await scormPackage(new URL(".", location.href), setFile(title, puzzles));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
    link.download = PACKAGE_NAME;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    say(`Downloaded ${PACKAGE_NAME} (${(bytes.length / 1e6).toFixed(1)} MB, ${puzzles.length === 1 ? "1 puzzle" : `${puzzles.length} puzzles`}): ` +
      "upload it to a course site as a SCORM package, and it records each student's completion and score.");
  } catch (error) {
    say(`The SCORM package could not be built: ${error.message}.`);
  }
}
