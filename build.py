"""Build, serve and package the sudoku-dlx web page (standard library only).

    python3 build.py                  build what is missing into static/vendor/
    python3 build.py serve [--port N] build, then serve the page on 127.0.0.1
    python3 build.py dist DIR         build, then write an uploadable folder to DIR
    python3 build.py docs             rewrite the docs' tables written from the code's docstrings
    python3 build.py scorm OUT.zip --puzzle P [--puzzle P ...] [--set FILE] [--title T]
                     [--mastery N] [--scorm 1.2|2004]
                                      build, then write a SCORM package of a problem set

static/vendor/ (git-ignored) receives, each in a folder whose name changes with
its content (so a browser or the page's service worker never keeps a stale one):
the Pyodide runtime files the page needs, from the npm package pinned in
package-lock.json (``npm ci``, integrity-checked), in pyodide-VERSION/; Pyodide's
standard library with the modules the page imports precompiled to bytecode, in
stdlib-HASH/; the project's wheel with its bytecode, in wheel-HASH/; precompressed
copies (.br, .gz) of the large files; and build.json, which tells the worker and
the service worker the file names. The bytecode is compiled by the pinned Pyodide
itself, under Node (build.mjs), as this machine's CPython is another version.

build/ (git-ignored) receives the plain project wheel (zipped here from py/,
byte-for-byte reproducible) and the micropip wheel (fetched with pip, checked
against MICROPIP_SHA256), which the tests use to install the wheel as any Pyodide
app would.

``npm ci`` also installs the pinned dev dependencies: axe-core, which tests/test_axe.py
injects into the page (from node_modules/, which `serve` serves with the rest),
scorm-again, the stand-in LMS of tests/test_scorm.py, and ESLint, which
tests/test_static.py runs (none of them is shipped).

`docs` rewrites the tables the manual shows of the code (between ``<!-- generated: NAME -->``
and ``<!-- end -->`` in README.md and docs/*.md): the package's floors (FLOORS), its modules,
the test files and the scripts, each row the first sentence of a docstring. tests/test_docs.py
fails while one is stale.

`scorm` writes a SCORM package of a problem set (docs/teachers.md): the page's files as
`dist` writes them (without the precompressed copies), the set file and imsmanifest.xml,
both written by static/scorm-package.js under Node (the page's own download uses it too).
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import urllib.parse
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / "static" / "vendor"
WORK = ROOT / "build"
PYODIDE_VERSION = "314.0.7"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
#: The folder of the Pyodide runtime inside static/vendor/.
RUNTIME = f"pyodide-{PYODIDE_VERSION}"
#: The Pyodide files the worker loads; the rest of the npm package is not shipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = "python_stdlib.zip"
#: The npm package's standard library and lock file as they come. The page loads its
#: own compiled library, and its lock in build.json; these copies (not shipped by
#: `dist`) are for tests/pages/bare.html, the baseline of scripts/page_speed.py, which
#: precompresses them (a build would spend 8 s of brotli on them).
AS_IT_COMES = (PYODIDE_STDLIB, "pyodide-lock.json")
MICROPIP = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
#: The words the page shares with the package, written from sudoku_dlx.web.words() (see words_js).
WORDS_JS = ROOT / "static" / "words.js"
#: The page's files outside static/: the page, its service worker, its app manifest.
PAGE_FILES = ("index.html", "sw.js", "manifest.webmanifest")
#: The names of the page's caches (Cache Storage) begin with this; sw.js deletes those of
#: other builds.
CACHE_PREFIX = "sudoku-dlx-"
#: Files with these endings get precompressed copies (.br, .gz) beside them.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".webmanifest", ".wasm", ".zip", ".whl", ".txt", ".md")
#: Every wheel entry gets this timestamp, so the same sources give the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
}
#: Content-Encoding of each precompressed copy, in the order serve prefers them.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
#: serve gzips compressible files up to this size that have no precompressed copy.
ON_THE_FLY_LIMIT = 1_000_000


def build() -> dict:
    """Make static/vendor/ complete and current; return build.json's contents."""
    VENDOR.mkdir(parents=True, exist_ok=True)
    WORK.mkdir(exist_ok=True)
    _write_if_changed(WORDS_JS, words_js().encode())
    _vendor_pyodide()
    # The runtime's copies compress (brotli takes half a minute for the WebAssembly) while the package builds.
    with precompressing([VENDOR / RUNTIME / name for name in PYODIDE_FILES]):
        _vendor_micropip()
        name, data = project_wheel()
        _write_if_changed(WORK / name, data)
        stdlib, wheel = _compile(WORK / name)
        precompress([VENDOR / stdlib, VENDOR / wheel])
    vendored = [f"{RUNTIME}/{name}" for name in PYODIDE_FILES] + [stdlib, wheel]
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    sources = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "static").rglob("*")
                     if path.is_file() and VENDOR not in path.parents)
    files = [*PAGE_FILES, *sources, *(f"static/vendor/{path}" for path in vendored)]
    # Names the build's cache (the service worker's, which also holds the worker's memory
    # snapshot of Python): any change to any file makes a new one.
    build_id = hashlib.sha256(b"".join(hashlib.sha256((ROOT / f).read_bytes()).digest() for f in files)).hexdigest()[:12]
    manifest = {
        "id": build_id,
        "cache": f"{CACHE_PREFIX}{build_id}",
        "pyodide": PYODIDE_VERSION,
        "runtime": f"{RUNTIME}/",
        "stdlib": stdlib,
        "wheel": wheel,
        # The page loads no package by name (the wheel comes by URL), so the lock
        # file's info is all loadPyodide needs; given here, it costs no request.
        "lock": {"info": lock["info"], "packages": {}},
        "files": files,
    }
    _write_if_changed(VENDOR / "build.json", (json.dumps(manifest, indent=2) + "\n").encode())
    return manifest


def _vendor_pyodide() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/pyodide"]["version"]
    if pinned != PYODIDE_VERSION:
        sys.exit(f"package-lock.json pins pyodide {pinned}, build.py wants {PYODIDE_VERSION}")
    if not _npm_installed(lock):
        # Dev dependencies too (axe-core and scorm-again, which the page tests load; ESLint).
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--include=dev"], cwd=ROOT, check=True)
    for old in VENDOR.iterdir():  # an earlier layout's files (all are in folders now)
        if old.is_file() and old.name != "build.json":
            old.unlink()
    _keep_only(VENDOR, "pyodide-*", RUNTIME)
    (VENDOR / RUNTIME).mkdir(exist_ok=True)
    for name in (*PYODIDE_FILES, *AS_IT_COMES):
        source, target = PYODIDE_NPM / name, VENDOR / RUNTIME / name
        if not target.exists() or target.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, target)


def _npm_installed(lock: dict) -> bool:
    """True if node_modules/ holds every package of package-lock.json at its locked version."""
    for where, package in lock["packages"].items():
        if not where:
            continue  # the project itself
        installed = ROOT / where / "package.json"
        if not installed.exists() or json.loads(installed.read_text()).get("version") != package.get("version"):
            return False
    return True


def _keep_only(folder: Path, pattern: str, keep: str) -> None:
    """Remove what matches pattern in folder, except keep (earlier builds' files)."""
    for old in folder.glob(pattern):
        if old.name != keep:
            shutil.rmtree(old) if old.is_dir() else old.unlink()


def _vendor_micropip() -> None:
    target = WORK / MICROPIP
    if not (target.exists() and _sha256(target) == MICROPIP_SHA256):
        version = MICROPIP.split("-")[1]
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--python-version", "3.14", f"micropip=={version}", "-d", tmp],
                check=True,
            )
            shutil.copyfile(Path(tmp) / MICROPIP, target)
    if _sha256(target) != MICROPIP_SHA256:
        target.unlink()
        sys.exit(f"{MICROPIP} does not match MICROPIP_SHA256; refusing to use it")


def _compile(wheel: Path) -> tuple[str, str]:
    """The compiled standard library and wheel (build.mjs, in Pyodide under Node), each
    in a folder named by its hash; their paths inside static/vendor/. Reused while the
    wheel, the npm package and build.mjs are the same."""
    key = hashlib.sha256(b"".join(
        _sha256(path).encode() for path in (wheel, PYODIDE_NPM / PYODIDE_STDLIB, ROOT / "build.mjs"))).hexdigest()
    record = WORK / "compiled.json"
    done = json.loads(record.read_text()) if record.exists() else {}
    if done.get("key") != key or not all((VENDOR / done[kind]).exists() for kind in ("stdlib", "wheel")):
        with tempfile.TemporaryDirectory() as tmp:
            stdlib, compiled = Path(tmp) / PYODIDE_STDLIB, Path(tmp) / wheel.name
            subprocess.run(["node", str(ROOT / "build.mjs"), "compile", str(PYODIDE_NPM), str(wheel),
                            str(stdlib), str(compiled)], check=True, stdout=subprocess.DEVNULL)
            done = {"key": key, "stdlib": _by_hash(stdlib, "stdlib"), "wheel": _by_hash(compiled, "wheel")}
        record.write_text(json.dumps(done, indent=2) + "\n")
    return done["stdlib"], done["wheel"]


def _by_hash(path: Path, kind: str) -> str:
    """Move path into static/vendor/KIND-HASH/ (dropping other KIND-* folders); its path there."""
    folder = f"{kind}-{_sha256(path)[:12]}"
    _keep_only(VENDOR, f"{kind}-*", folder)
    (VENDOR / folder).mkdir(exist_ok=True)
    if not (VENDOR / folder / path.name).exists():
        shutil.move(path, VENDOR / folder / path.name)
    return f"{folder}/{path.name}"


def precompress(paths: list[Path]) -> None:
    """Write PATH.br and PATH.gz beside each compressible path that lacks a current one."""
    with precompressing(paths):
        pass


@contextlib.contextmanager
def precompressing(paths: list[Path]) -> Iterator[None]:
    """:func:`precompress` of ``paths``, its brotli copies (by Node's zlib, as Python's
    standard library has none) written in the background of the block."""
    stale = [path for path in paths if path.name.endswith(COMPRESSIBLE)
             and any(not _is_current(path, suffix) for suffix in ENCODINGS.values())]
    for path in stale:  # each copy written whole, then renamed, as build.mjs does: none is ever cut short
        part = path.with_name(f"{path.name}.gz.part")
        with open(path, "rb") as source, open(part, "wb") as file:
            with gzip.GzipFile(path.name, "wb", 9, file, mtime=0) as target:
                shutil.copyfileobj(source, target)
        part.replace(f"{path}.gz")
    brotli = subprocess.Popen(["node", str(ROOT / "build.mjs"), "brotli", *map(str, stale)]) if stale else None
    try:
        yield
    finally:
        if brotli and brotli.wait():
            raise subprocess.CalledProcessError(brotli.returncode, brotli.args)


def words_js() -> str:
    """The text of static/words.js: each word of ``sudoku_dlx.web.words()`` as a constant
    named in capitals (a list of objects or an object of lists one entry a line)."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from sudoku_dlx.web import words

    def value(word: object) -> str:
        if isinstance(word, list) and any(isinstance(entry, dict) for entry in word):
            return "[\n" + "".join(f"  {json.dumps(entry)},\n" for entry in word) + "]"
        if isinstance(word, dict):
            return "{\n" + "".join(f"  {json.dumps(key)}: {json.dumps(entry)},\n" for key, entry in word.items()) + "}"
        return json.dumps(word)

    lines = ["// The words the page shares with Python: written by build.py from sudoku_dlx; do not edit.",
             "// Their source and meaning: sudoku_dlx.web.words(); tests/test_words.py checks this file.", ""]
    lines += [f"export const {name.upper()} = {value(word)};" for name, word in words().items()]
    return "\n".join(lines) + "\n"


#: The package's floors, lowest first, each with what the docs say of it: a module imports
#: modules of lower floors, or of its own folder on its own floor. A name stands for a module
#: or a folder of them. tests/test_layout.py holds the package to them.
FLOORS = [
    (["dlx", "kinds.kind", "kinds.grid"], "these import nothing of the package but kinds.kind"),
    (["kinds", "cells", "links"], ""),
    (["rules"], "the variant rules: the lab (`cover`) shows their exact cover"),
    (["techniques", "cover", "baselines"], ""),
    (["rating"], ""),
    (["baselines.rulebased"], "the thesis's rule-based solver: the rating's easiest step, then a guess"),
    (["compare"], ""),
    (["generator"], ""),
    (["baselines.needs"], "the ways to a puzzle that needs a technique: they make and rate puzzles"),
    (["bench", "cluster"], "`cluster` alone imports Dask, and only the command line imports it, for `--scheduler`"),
    (["web"], ""),
    (["cli", "worker"], "only these import `web`"),
    (["__main__"], ""),
]
#: Where the docs hold a generated table: ``<!-- generated: NAME -->`` ... ``<!-- end -->``.
GENERATED = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(<!-- end -->)", re.DOTALL)
PACKAGE = ROOT / "py" / "sudoku_dlx"


def summary(doc: str) -> str:
    """The first sentence of a docstring (or a script's opening comment), on one line, in
    Markdown: ``code`` and :role:`code` (or :role:`~.code`) become `code`, and a table's bars are escaped."""
    text = " ".join(doc.strip().split("\n\n")[0].split())
    match = re.search(r"[.!?](?=\s+[A-Z(`])", text)
    text = text[:match.end()] if match else text
    text = re.sub(r":\w+:`~?\.?([^`]*)`", r"`\1`", text).replace("``", "`")
    return text.replace("|", "\\|")


def docstring(path: Path) -> str:
    """A Python file's docstring, or the opening ``//`` comment of a JavaScript one."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        doc = ast.get_docstring(ast.parse(text))
    else:
        lines = []
        for line in text.splitlines():
            if not line.startswith("//"):
                break
            lines.append(line[2:].strip())
        doc = "\n".join(lines)
    if not doc:
        raise ValueError(f"{path.relative_to(ROOT)} has no docstring: the docs' tables are written from them")
    return doc


def _module_path(name: str) -> str:
    """``kinds/grid.py`` for a module, ``kinds/`` for a folder."""
    path = PACKAGE.joinpath(*name.split("."))
    return f"{path.relative_to(PACKAGE)}/" if path.is_dir() else f"{path.relative_to(PACKAGE)}.py"


def _table(heading: tuple[str, str], rows: list[tuple[str, str]]) -> str:
    lines = [f"| {heading[0]} | {heading[1]} |", "|---|---|"]
    return "\n".join(lines + [f"| {left} | {right} |" for left, right in rows]) + "\n"


def floors_table() -> str:
    rows = []
    for level, (names, note) in enumerate(FLOORS, 1):
        modules = ", ".join(f"`{_module_path(name)}`" for name in names)
        rows.append((str(level), f"{modules} ({note})" if note else modules))
    return _table(("floor", "modules"), rows)


def modules_table() -> str:
    paths = sorted(PACKAGE.rglob("*.py"), key=lambda path: path.relative_to(PACKAGE).parts)
    rows = []
    for path in paths:
        name = path.relative_to(PACKAGE)
        shown = f"{name.parent}/" if name.name == "__init__.py" and name.parent.parts else str(name)
        rows.append((f"`{shown}`", summary(docstring(path))))
    return _table(("module", "holds"), rows)


def files_table(folder: str, pattern: str, heading: tuple[str, str]) -> str:
    paths = sorted(path for path in (ROOT / folder).glob(pattern) if path.suffix in (".py", ".mjs"))
    return _table(heading, [(f"`{path.name}`", summary(docstring(path))) for path in paths])


#: The generated tables by name.
TABLES = {
    "floors": floors_table,
    "modules": modules_table,
    "tests": lambda: files_table("tests", "test_*", ("file", "covers")),
    "scripts": lambda: files_table("scripts", "*", ("script", "does")),
}


def docs_text(path: Path) -> str:
    """The text of a Markdown file with each of its generated tables written anew."""
    def write(match: re.Match) -> str:
        if match.group(2) not in TABLES:
            raise ValueError(f"{path.relative_to(ROOT)}: no table named {match.group(2)} (one of {sorted(TABLES)})")
        return match.group(1) + TABLES[match.group(2)]() + match.group(4)
    return GENERATED.sub(write, path.read_text(encoding="utf-8"))


def write_docs() -> list[Path]:
    """Rewrites the generated tables of README.md and docs/*.md; the files it changed."""
    changed = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = docs_text(path)
        if text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def _is_current(path: Path, suffix: str) -> bool:
    copy = path.with_name(path.name + suffix)
    return copy.exists() and copy.stat().st_mtime >= path.stat().st_mtime


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def _write_entries(archive: zipfile.ZipFile, files: dict[str, bytes]) -> None:
    """Write ``files`` (path: bytes) into ``archive`` in their order, deflated, each dated
    ZIP_DATE with mode 644, so that the same files make the same bytes."""
    for path, data in files.items():
        info = zipfile.ZipInfo(path, ZIP_DATE)
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, data)


def project_wheel() -> tuple[str, bytes]:
    """The file name and bytes of the pure-Python wheel of py/ (reproducible)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = project["name"].replace("-", "_"), project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = {
        path.relative_to(ROOT / "py").as_posix(): path.read_bytes()
        for path in sorted((ROOT / "py").rglob("*.py"))
        if "__pycache__" not in path.parts
    }
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {version}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        f"License: {project['license']['text']}",
    ]
    files[f"{dist_info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: sudoku-dlx build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode()
    scripts = project.get("scripts", {})
    if scripts:
        lines = ["[console_scripts]"] + [f"{key} = {value}" for key, value in scripts.items()]
        files[f"{dist_info}/entry_points.txt"] = ("\n".join(lines) + "\n").encode()
    # Sources sorted, then the .dist-info files sorted, then RECORD last.
    files = dict(sorted(files.items(), key=lambda item: (item[0].startswith(dist_info), item[0])))
    record = [f"{path},sha256={_record_hash(data)},{len(data)}" for path, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join(record + [f"{dist_info}/RECORD,,"]) + "\n").encode()

    with tempfile.SpooledTemporaryFile() as buffer:
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
            _write_entries(wheel, files)
        buffer.seek(0)
        return f"{name}-{version}-py3-none-any.whl", buffer.read()


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def content_security_policy() -> str:
    """The policy of index.html's meta tag (the one place it is written)."""
    html = (ROOT / "index.html").read_text()
    return re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]+)"', html).group(1)


def dist(target: Path) -> None:
    """Write the page into target: the files build.json lists (what the service worker
    caches) with their precompressed copies, every URL relative."""
    manifest = build()
    if target.exists():
        shutil.rmtree(target)
    for name in [*manifest["files"], "static/vendor/build.json"]:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
        for suffix in ENCODINGS.values():
            if (ROOT / f"{name}{suffix}").exists() and _is_current(ROOT / name, suffix):
                shutil.copy2(ROOT / f"{name}{suffix}", target / f"{name}{suffix}")
    precompress(sorted(target.rglob("*")))


#: The module that writes a package's set file and imsmanifest.xml (for the page's own
#: download too); build.py runs it under Node.
SCORM_MODULE = ROOT / "static" / "scorm-package.js"
SCORM_VERSIONS = ("1.2", "2004")


def _scorm_js(function: str, *args):
    """What static/scorm-package.js's `function` returns for `args` (JSON in and out), under
    Node; the value of the constant named so, if it is not a function."""
    script = (f"import * as m from {json.dumps(SCORM_MODULE.as_uri())};"
              "const [f, ...a] = JSON.parse(process.argv[1]);"
              "process.stdout.write(JSON.stringify(typeof m[f] === 'function' ? m[f](...a) : m[f]));")
    done = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps([function, *args])],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


class PackageError(ValueError):
    """A puzzle, link or option the package cannot take, named."""


def scorm_set(puzzles: list[str], title: str, mastery: int | None, version: str) -> dict:
    """The package's set file: each puzzle (a text, or a page link with #p=) as its
    canonical text, lab links as links relative to the page, title, mastery and the rule.
    Raises PackageError naming the first puzzle the package's reader refuses."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from sudoku_dlx.kinds.grid import InvalidPuzzleError
    from sudoku_dlx.kinds.read import puzzle_id, read_puzzle

    texts, labs = [], []
    for number, given in enumerate(puzzles, 1):
        url = urllib.parse.urlsplit(given.strip())
        query = urllib.parse.parse_qs(url.query)
        if url.scheme in ("http", "https", "") and query.get("view") == ["lab"]:
            labs.append(urllib.parse.urlunsplit(("", "", "index.html", url.query, url.fragment)))
            continue
        text = urllib.parse.parse_qs(url.fragment).get("p", [given])[0] if "#p=" in given else given
        try:
            texts.append(puzzle_id(read_puzzle(text)))
        except InvalidPuzzleError as error:
            raise PackageError(f"puzzle {number} ({given[:40]!r}) is not valid: {error}") from None
    if not texts:
        raise PackageError("a package needs at least one puzzle (--puzzle or --set)")
    if mastery is not None and not 0 <= mastery <= 100:
        raise PackageError(f"--mastery is a score from 0 to 100, not {mastery}")
    return _scorm_js("setFile", title, texts, labs, mastery, version)


def _set_texts(path: Path | None) -> list[str]:
    """The puzzle texts of a set file (none without one)."""
    if path is None:
        return []
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from sudoku_dlx.kinds.read import read_texts

    return read_texts(path.read_text())


def imsmanifest(set_file: dict, files: list[str]) -> str:
    """imsmanifest.xml of a one-SCO package: the organization's one item launches the page."""
    return _scorm_js("imsmanifest", set_file, files)


def scorm(target: Path, set_file: dict) -> None:
    """Write the SCORM package of `set_file` (see scorm_set) to target: the page's files
    (what `dist` writes, without precompressed copies: an LMS serves files as they are),
    the set file and imsmanifest.xml, every path relative, byte-for-byte reproducible."""
    manifest = build()
    names = sorted([*manifest["files"], "static/vendor/build.json"])
    files = {name: (ROOT / name).read_bytes() for name in names}
    files[_scorm_js("SET_FILE")] = (json.dumps(set_file, indent=2, ensure_ascii=False) + "\n").encode()
    files = dict(sorted(files.items()))
    files = {"imsmanifest.xml": imsmanifest(set_file, list(files)).encode(), **files}
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as package:
        _write_entries(package, files)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the page's MIME types and its CSP as a header, so the
    worker (which a meta tag does not reach) runs under the policy too. A file's
    precompressed copy (.br, .gz beside it) goes out instead of it, with its
    Content-Encoding, when the browser accepts that encoding; a small compressible
    file without one (the page's sources, in development) is gzipped as it goes."""

    extensions_map = MIME_TYPES

    def send_head(self):
        path = Path(self.translate_path(self.path))
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        encoding = next((name for name, suffix in ENCODINGS.items()
                         if name in accepted and path.is_file() and _is_current(path, suffix)), None)
        if encoding:
            body = path.with_name(path.name + ENCODINGS[encoding]).read_bytes()
        elif "gzip" in accepted and path.is_file() and path.name.endswith(COMPRESSIBLE) \
                and path.stat().st_size <= ON_THE_FLY_LIMIT:
            encoding, body = "gzip", gzip.compress(path.read_bytes(), mtime=0)
        else:
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        try:
            unchanged = since is not None and email.utils.parsedate_to_datetime(since).timestamp() >= modified
        except (TypeError, ValueError):
            unchanged = False
        self.send_response(304 if unchanged else 200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return None if unchanged else io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.server.csp)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)


def serve(port: int, verbose: bool, folder: Path | None = None) -> None:
    """Serve the repository (after building it), or a folder `dist` wrote."""
    if folder is None:
        build()
    handler = functools.partial(Handler, directory=str(folder or ROOT))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.csp = content_security_policy()
        server.verbose = verbose
        print(f"Serving the page at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command")
    serve_parser = commands.add_parser("serve", help="build, then serve on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    serve_parser.add_argument("--verbose", action="store_true", help="log every request")
    serve_parser.add_argument("--dir", type=Path, help="serve this folder (written by dist) as it is")
    dist_parser = commands.add_parser("dist", help="build, then write an uploadable folder")
    dist_parser.add_argument("dir", type=Path)
    scorm_parser = commands.add_parser("scorm", help="build, then write a SCORM package of a problem set")
    scorm_parser.add_argument("zip", type=Path)
    scorm_parser.add_argument("--puzzle", action="append", default=[],
                              help="a puzzle of any kind (its text or a page link); a lab link is kept as a link")
    scorm_parser.add_argument("--set", type=Path, help="a file of puzzles (as the page's import box reads them)")
    scorm_parser.add_argument("--title", default="Sudoku problem set")
    scorm_parser.add_argument("--mastery", type=int, help="the score (0 to 100) that passes; none: completed")
    scorm_parser.add_argument("--scorm", choices=SCORM_VERSIONS, default="1.2")
    commands.add_parser("docs", help="rewrite the docs' tables written from the code (no build)")
    args = parser.parse_args(argv)
    if args.command == "docs":
        changed = write_docs()
        print("Rewrote " + ", ".join(str(path.relative_to(ROOT)) for path in changed) if changed
              else "The docs' tables are current")
    elif args.command == "serve":
        serve(args.port, args.verbose, args.dir)
    elif args.command == "dist":
        dist(args.dir)
        print(f"Wrote the page to {args.dir}")
    elif args.command == "scorm":
        try:
            set_file = scorm_set(args.puzzle + _set_texts(args.set), args.title, args.mastery, args.scorm)
        except (PackageError, OSError) as error:
            sys.exit(f"build.py scorm: {error}")
        scorm(args.zip, set_file)
        count = len(set_file["puzzles"])
        print(f"Wrote the SCORM {args.scorm} package of {count} puzzle{'' if count == 1 else 's'} to {args.zip}")
    else:
        print(json.dumps(build()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
