"""build.py: the reproducible project wheel, the uploadable folder and how serve sends it."""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import build
import pytest



def test_wheel_is_reproducible_and_its_record_is_true():
    name, data = build.project_wheel()
    assert build.project_wheel() == (name, data)
    assert re.fullmatch(r"sudoku_dlx-[\w.]+-py3-none-any\.whl", name)
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        names = wheel.namelist()
        assert names[:-1] == sorted(names[:-1], key=lambda n: ("dist-info" in n, n)) and names[-1].endswith("/RECORD")
        assert "sudoku_dlx/web.py" in names
        assert all(info.date_time == build.ZIP_DATE for info in wheel.infolist())
        dist_info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Tag: py3-none-any" in wheel.read(f"{dist_info}/WHEEL").decode()
        assert "Name: sudoku-dlx" in wheel.read(f"{dist_info}/METADATA").decode()
        for line in wheel.read(f"{dist_info}/RECORD").decode().splitlines():
            path, digest, size = line.split(",")
            if path.endswith("RECORD"):
                continue
            content = wheel.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(content)), path
        assert {line.split(",")[0] for line in wheel.read(f"{dist_info}/RECORD").decode().splitlines()} == set(names)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("dist") / "site"
    build.dist(site)
    return site


@pytest.mark.external
def test_dist_is_a_static_folder_with_relative_urls(site):
    manifest = json.loads((site / "static" / "vendor" / "build.json").read_text())
    assert manifest["pyodide"] == build.PYODIDE_VERSION
    shipped = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.suffix not in (".br", ".gz")}
    assert shipped == {*manifest["files"], "static/vendor/build.json"}
    for name in ("index.html", "sw.js", "manifest.webmanifest", "static/app.js", "static/worker.mjs",
                 *(f"static/vendor/{build.RUNTIME}/{f}" for f in build.PYODIDE_FILES),
                 f"static/vendor/{manifest['stdlib']}", f"static/vendor/{manifest['wheel']}"):
        assert name in shipped, name
    # Only what the page uses: not the npm package's own standard library, nor micropip.
    assert not list(site.rglob(f"{build.RUNTIME}/{build.PYODIDE_STDLIB}")) and not list(site.rglob("micropip*"))
    assert not (site / "tests").exists() and not (site / "py").exists()
    for page in [site / "index.html", site / "sw.js", *site.glob("static/*.js"), *site.glob("static/*.mjs")]:
        # Namespaces (SVG's, and a SCORM manifest's in scorm-package.js), not resources.
        text = re.sub(r"http://www\.(w3|imsproject|imsglobal|adlnet)\.org/[\w/.-]*", "", page.read_text())
        assert not re.search(r'(src|href)="/', text) and "http://" not in text and "https://" not in text, page


@pytest.mark.external
def test_dist_writes_precompressed_copies(site):
    for name in ("index.html", "static/app.js", f"static/vendor/{build.RUNTIME}/pyodide.asm.wasm",
                 *json.loads((site / "static" / "vendor" / "build.json").read_text())["files"]):
        path = site / name
        if not path.name.endswith(build.COMPRESSIBLE):
            assert not path.with_name(path.name + ".br").exists(), name
            continue
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), name
        assert 0 < path.with_name(path.name + ".br").stat().st_size < path.stat().st_size, name


@pytest.mark.external
def test_serve_sends_a_precompressed_copy_the_browser_accepts(site, tmp_path):
    site = shutil.copytree(site, tmp_path / "site")  # its own: it takes copies away, which the other tests check
    process = subprocess.Popen([sys.executable, str(build.ROOT / "build.py"), "serve", "--port", "0", "--dir", str(site)],
                               stdout=subprocess.PIPE, text=True)
    try:
        base = re.search(r"http://127\.0\.0\.1:\d+/", process.stdout.readline()).group(0)
        wasm = f"static/vendor/{build.RUNTIME}/pyodide.asm.wasm"

        def get(path, **headers):
            try:
                with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as response:
                    return response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                return error.code, error.headers, error.read()

        status, headers, body = get(wasm, **{"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert (status, headers["Content-Encoding"], headers["Content-Type"]) == (200, "br", "application/wasm")
        assert body == (site / f"{wasm}.br").read_bytes() and headers["Vary"] == "Accept-Encoding"
        status, headers, body = get("static/app.js", **{"Accept-Encoding": "gzip"})
        assert (status, headers["Content-Encoding"]) == (200, "gzip")
        assert headers["Content-Type"].startswith("text/javascript")
        assert gzip.decompress(body) == (site / "static/app.js").read_bytes()
        status, headers, body = get(wasm)
        assert status == 200 and "Content-Encoding" not in headers and body == (site / wasm).read_bytes()
        status, _, body = get(wasm, **{"Accept-Encoding": "br", "If-Modified-Since": headers["Last-Modified"]})
        assert (status, body) == (304, b"")
        for copy in site.glob("static/style.css.*"):  # a small file without copies: gzipped as it goes
            copy.unlink()
        status, headers, body = get("static/style.css", **{"Accept-Encoding": "br, gzip"})
        assert (status, headers["Content-Encoding"]) == (200, "gzip")
        assert gzip.decompress(body) == (site / "static/style.css").read_bytes()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_index_html_fetches_every_page_module_up_front():
    """Each static/*.js is a module script or a modulepreload of index.html, so
    none waits for the module that imports it (see page_speed.py)."""
    html = (build.ROOT / "index.html").read_text()
    named = set(re.findall(r'<script type="module" src="(static/[\w.-]+\.js)"', html))
    named |= set(re.findall(r'<link rel="modulepreload" href="(static/[\w.-]+\.js)"', html))
    assert named == {f"static/{p.name}" for p in (build.ROOT / "static").glob("*.js")}
