"""build.py: the reproducible project wheel and the uploadable folder."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile

import build



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


def test_dist_is_a_static_folder_with_relative_urls(tmp_path):
    build.dist(tmp_path / "site")
    site = tmp_path / "site"
    manifest = (site / "static" / "vendor" / "build.json").read_text()
    assert build.PYODIDE_VERSION in manifest
    for name in ("index.html", "static/app.js", "static/worker.mjs", *(f"static/vendor/{f}" for f in build.PYODIDE_FILES)):
        assert (site / name).is_file(), name
    assert not (site / "tests").exists() and not (site / "py").exists()
    for page in [site / "index.html", *site.glob("static/*.js"), *site.glob("static/*.mjs")]:
        text = page.read_text()
        assert not re.search(r'(src|href)="/', text) and "http://" not in text and "https://" not in text, page


def test_index_html_fetches_every_page_module_up_front():
    """Each static/*.js is a module script or a modulepreload of index.html, so
    none waits for the module that imports it (see page_speed.py)."""
    html = (build.ROOT / "index.html").read_text()
    named = set(re.findall(r'<script type="module" src="(static/[\w.-]+\.js)"', html))
    named |= set(re.findall(r'<link rel="modulepreload" href="(static/[\w.-]+\.js)"', html))
    assert named == {f"static/{p.name}" for p in (build.ROOT / "static").glob("*.js")}
