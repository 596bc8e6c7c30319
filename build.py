"""Build, serve and package the sudoku-dlx web page (standard library only).

    python3 build.py                 build what is missing into static/vendor/
    python3 build.py serve [--port N] build, then serve the page on 127.0.0.1
    python3 build.py dist DIR        build, then write an uploadable folder to DIR

static/vendor/ (git-ignored) receives the Pyodide runtime files the page needs
(from the npm package pinned in package-lock.json, fetched with ``npm ci``), the
micropip wheel (fetched with pip and checked against MICROPIP_SHA256), the
project's own wheel (zipped here from py/, byte-for-byte reproducible) and
build.json, which tells the worker the file names.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENDOR = ROOT / "static" / "vendor"
PYODIDE_VERSION = "314.0.7"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
#: The Pyodide files the worker loads; the rest of the npm package is not shipped.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
MICROPIP = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
#: What `dist` copies besides static/ (static/vendor/ included).
PAGE_FILES = ("index.html",)
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
}


def build() -> dict:
    """Make static/vendor/ complete and current; return build.json's contents."""
    VENDOR.mkdir(parents=True, exist_ok=True)
    _vendor_pyodide()
    _vendor_micropip()
    wheel = _write_project_wheel()
    manifest = {"pyodide": PYODIDE_VERSION, "micropip": MICROPIP, "wheel": wheel}
    (VENDOR / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _vendor_pyodide() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/pyodide"]["version"]
    if pinned != PYODIDE_VERSION:
        sys.exit(f"package-lock.json pins pyodide {pinned}, build.py wants {PYODIDE_VERSION}")
    installed = PYODIDE_NPM / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != PYODIDE_VERSION:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for name in PYODIDE_FILES:
        source, target = PYODIDE_NPM / name, VENDOR / name
        if not target.exists() or target.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, target)
    # The page loads no package by name (micropip comes by URL), so an empty
    # package list is all the worker needs, and it keeps the lock file small.
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    _write_if_changed(VENDOR / "pyodide-lock.json", json.dumps({"info": lock["info"], "packages": {}}).encode())


def _vendor_micropip() -> None:
    target = VENDOR / MICROPIP
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


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


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
            for path, data in files.items():
                info = zipfile.ZipInfo(path, ZIP_DATE)
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                wheel.writestr(info, data)
        buffer.seek(0)
        return f"{name}-{version}-py3-none-any.whl", buffer.read()


def _record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _write_project_wheel() -> str:
    """Write the wheel under a folder named by its hash, so a changed engine
    never comes from a browser's cache; return its path inside static/vendor/."""
    name, data = project_wheel()
    folder = "wheel-" + hashlib.sha256(data).hexdigest()[:12]
    for old in VENDOR.glob("wheel-*"):
        if old.name != folder:
            shutil.rmtree(old)
    (VENDOR / folder).mkdir(exist_ok=True)
    _write_if_changed(VENDOR / folder / name, data)
    return f"{folder}/{name}"


def content_security_policy() -> str:
    """The policy of index.html's meta tag (the one place it is written)."""
    html = (ROOT / "index.html").read_text()
    return re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]+)"', html).group(1)


def dist(target: Path) -> None:
    """Copy the page into target: static files only, every URL relative."""
    build()
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in PAGE_FILES:
        shutil.copyfile(ROOT / name, target / name)
    shutil.copytree(ROOT / "static", target / "static")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the repository with the page's MIME types and its CSP as a header,
    so the worker (which a meta tag does not reach) runs under the policy too."""

    extensions_map = MIME_TYPES

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.server.csp)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if self.server.verbose:
            super().log_message(format, *args)


def serve(port: int, verbose: bool) -> None:
    build()
    handler = functools.partial(Handler, directory=str(ROOT))
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
    dist_parser = commands.add_parser("dist", help="build, then write an uploadable folder")
    dist_parser.add_argument("dir", type=Path)
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, args.verbose)
    elif args.command == "dist":
        dist(args.dir)
        print(f"Wrote the page to {args.dir}")
    else:
        print(json.dumps(build()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
