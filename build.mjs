// build.py's helpers that need Node: the pinned Pyodide (to compile Python 3.14 bytecode,
// which the machine's CPython cannot) and Node's brotli (which Python's standard library
// lacks).
//
//   node build.mjs compile <pyodide dir> <wheel> <stdlib zip out> <wheel out>
//       Pyodide's standard library with the modules the page imports precompiled, and
//       the wheel with its modules precompiled
//   node build.mjs brotli <file>...
//       writes <file>.br beside each file (the smallest brotli makes)
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { readFile, rename, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

// Runs inside Pyodide with the project wheel installed (so imported from site-packages).
// compile_stdlib: after importing every module of the package, the standard library
// modules imported by then (the boot's, Pyodide's own and the package's) become .pyc
// files; of the others, those of UNUSED are left out (860 KB of brotli the page never ran)
// and the rest stay as they are, so they still import. Entries are
// stored, not deflated: the zip is served compressed as a whole (brotli packs .py text
// far better than deflate file by file) and unpacks for free in the page.
// compile_wheel: the wheel plus __pycache__/*.pyc of each module, listed in its RECORD,
// stored too (served compressed, it is 2/3 the size of the same wheel deflated).
// Both write unchecked hash-based .pyc files, whose bytes depend only on the sources.
const COMPILE = `
import base64, hashlib, importlib, importlib.util, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))

def entry(name, like=None):
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.external_attr = like.external_attr if like else 0o644 << 16
    return info

# The standard library's parts the page never runs (tests, tools, servers and clients, other
# processes, file formats it reads in JavaScript), left out unless imported by then.
UNUSED = (
    "_pyrepl/", "asyncio/", "concurrent/", "ctypes/", "curses/", "dbm/", "email/", "ensurepip/", "html/",
    "http/", "idlelib/", "importlib/metadata/", "importlib/resources/", "json/", "lib2to3/", "logging/",
    "multiprocessing/", "pydoc_data/", "sqlite3/", "tkinter/", "tomllib/", "turtledemo/", "unittest/",
    "urllib/", "venv/", "wsgiref/", "xml/", "xmlrpc/",
    "_pydatetime.py", "_pydecimal.py", "_pyio.py", "argparse.py", "calendar.py", "cmd.py", "code.py",
    "codeop.py", "compileall.py", "configparser.py", "cProfile.py", "csv.py", "difflib.py", "doctest.py",
    "filecmp.py", "fileinput.py", "ftplib.py", "getpass.py", "graphlib.py", "hmac.py", "imaplib.py",
    "ipaddress.py", "mailbox.py", "mimetypes.py", "modulefinder.py", "netrc.py", "nntplib.py", "optparse.py",
    "pdb.py", "pickletools.py", "plistlib.py", "poplib.py", "profile.py", "pstats.py", "py_compile.py",
    "pyclbr.py", "pydoc.py", "sched.py", "secrets.py", "shelve.py", "smtplib.py", "socketserver.py",
    "ssl.py", "symtable.py", "tabnanny.py", "timeit.py", "trace.py", "tracemalloc.py", "turtle.py",
    "uuid.py", "wave.py", "webbrowser.py", "zipapp.py",
)

def compile_stdlib(package, src, dst):
    importlib.import_module(package + ".worker").import_all()
    prefix = src + "/"
    imported = {m.__file__.removeprefix(prefix) for m in list(sys.modules.values())
                if (getattr(m, "__file__", None) or "").startswith(prefix)}
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            data, name = source.read(info), info.filename
            if name not in imported and name.startswith(UNUSED):
                continue
            if name in imported:
                data, name = pyc(data, prefix + name), name + "c"
            target.writestr(entry(name, info), data)
    return len(imported)

def compile_wheel(src, dst):
    packages, tag = site.getsitepackages()[0], sys.implementation.cache_tag
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as target:
        added = []
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                data += "".join(f"{name},sha256={digest},{size}\\n" for name, digest, size in added).encode()
            target.writestr(entry(info.filename, info), data)
            if info.filename.endswith(".py"):
                folder, _, stem = info.filename[:-3].rpartition("/")
                name, code = f"{folder}/__pycache__/{stem}.{tag}.pyc", pyc(data, f"{packages}/{info.filename}")
                target.writestr(entry(name), code)
                digest = base64.urlsafe_b64encode(hashlib.sha256(code).digest()).rstrip(b"=").decode()
                added.append((name, digest, len(code)))
`;

// The zip of the standard library, the wheel with bytecode.
async function compileAll(pyodideDir, wheel, stdlibOut, wheelOut) {
  const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
  await pyodide.loadPackage(wheel, { messageCallback: () => {} });
  pyodide.runPython(COMPILE);
  const [major, minor] = pyodide.runPython("import sys; sys.version_info[:2]").toJs();
  const run = (name, ...args) => pyodide.globals.get(name)(...args);
  pyodide.FS.writeFile("/tmp/in.whl", readFileSync(wheel));
  run("compile_wheel", "/tmp/in.whl", "/tmp/out.whl");
  const count = run("compile_stdlib", basename(wheel).split("-")[0], `/lib/python${major}${minor}.zip`, "/tmp/out.zip");
  writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/out.zip"));
  writeFileSync(wheelOut, pyodide.FS.readFile("/tmp/out.whl"));
  console.log(`precompiled ${count} standard library modules and the wheel's`);
}

// Node's zlib runs these on its thread pool: the files compress in parallel.
async function brotli(files) {
  const pack = promisify(brotliCompress);
  await Promise.all(files.map(async (file) => {
    const data = await readFile(file);
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    };
    // Written whole, then renamed: a build stopped midway leaves no cut copy that looks current.
    await writeFile(`${file}.br.part`, await pack(data, { params }));
    await rename(`${file}.br.part`, `${file}.br`);
  }));
}

const [command, ...args] = process.argv.slice(2);
if (command === "compile") await compileAll(...args);
else if (command === "brotli") await brotli(args);
else throw new Error(`unknown command ${command}: use compile or brotli`);
