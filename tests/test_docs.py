"""The manual (README.md, docs/*.md): links, headings, examples that run, generated tables current.

Every relative link and picture points at a file that exists (and at a heading that exists,
for a link with an #anchor into a Markdown file); every command of the command line in a
```sh block runs from the repository's root on the repository's own files, with the exit
code the text gives it (0, or the N of a trailing `# exits N`); the README stays a front
door; no process words; the tables written from the code (build.py docs) are current. The examples of docs/python-api.md run as doctests, and the statuses
the docs list per record are the code's (sudoku_dlx.web.STATUSES).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

import build
from sudoku_dlx import web

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", *DOCS]
#: The dated results under benchmarks/, linked from docs/benchmarks.md: their links are checked too.
RESULTS = sorted((ROOT / "benchmarks").glob("*.md"))
README_MOST_LINES = 250
#: Seconds after which an example counts as hung (a generous wall clock, for a loaded
#: machine; how long the examples take is docs/benchmarks.md's business, not a test's).
EXAMPLE_TIMEOUT = 120

#: Words of a plan or a tracker, not of a manual. Links (their targets) are left out of
#: the check, so a GitHub issue's address may still be cited.
PROCESS_WORDS = re.compile(r"\b(issues?|aims?|aimed|not met|met\*\*|\*\*met)\b", re.IGNORECASE)

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_SOURCE = re.compile(r"<(?:img|a)\s[^>]*(?:src|href)=\"([^\"]+)\"", re.IGNORECASE)


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def blocks(path: Path) -> list[tuple[str, int, list[str]]]:
    """The fenced code blocks of a Markdown file: (language, first line's number, lines)."""
    found, inside, fence, language, start, body = [], False, "", "", 0, []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = FENCE.match(line)
        if not inside and match:
            inside, fence, language, start, body = True, match.group(2), match.group(3), number + 1, []
        elif inside and line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
            found.append((language, start, body))
            inside = False
        elif inside:
            body.append(line)
    return found


def prose(path: Path) -> str:
    """The file's text outside fenced code blocks, code spans and link targets."""
    return re.sub(r"\]\([^)]*\)", "]", prose_keeping_links(path))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text lower-cased, without Markdown and
    punctuation (but hyphens and underscores), spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "").strip().lower()
    text = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (a repeated one gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    code = {number for _, start, body in blocks(path) for number in range(start - 1, start + len(body) + 1)}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match and number not in code:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def targets(path: Path) -> list[str]:
    """The link and picture targets of a Markdown file (outside code blocks)."""
    text = prose_keeping_links(path)
    return LINK.findall(text) + HTML_SOURCE.findall(text)


def prose_keeping_links(path: Path) -> str:
    """The file's text outside fenced code blocks and code spans."""
    lines, inside = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            lines.append(re.sub(r"`[^`]*`", " ", line))
    return "\n".join(lines)


@pytest.mark.parametrize("page", PAGES + RESULTS, ids=rel)
def test_every_relative_link_and_picture_points_at_a_file_that_exists(page):
    broken = []
    for target in targets(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("//"):
            continue  # a URL: another site's
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {rel(file) if file.is_relative_to(ROOT) else file}")
        elif not file.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{target}: no heading #{anchor} in {rel(file)}")
    assert not broken, f"{rel(page)}: " + "; ".join(broken)


def test_the_readme_is_a_front_door():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MOST_LINES, f"README.md has {len(lines)} lines; the manual is docs/"
    text = "\n".join(lines)
    assert "python3 build.py serve" in text and "bash .ci/run" in text  # the two fresh-machine commands
    for doc in DOCS:
        assert f"docs/{doc.name}" in text, f"README.md does not link docs/{doc.name}"


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_no_process_words(page):
    found = [(number, line.strip()) for number, line in enumerate(prose(page).splitlines(), 1)
             if PROCESS_WORDS.search(line)]
    assert not found, f"{rel(page)}: words of a plan, not of a manual: {found}"


def examples() -> list[tuple[str, int, str, int]]:
    """Every command of the command line in a ```sh block: (file, line, command, exit code)."""
    found = []
    for page in PAGES:
        for language, start, body in blocks(page):
            if language not in ("sh", "bash", "shell", "console"):
                continue
            for offset, line in enumerate(body):
                command = re.sub(r"^(\$\s+)?(\w+=\S*\s+)*", "", line.strip())
                if command.startswith("python3 -m sudoku_dlx"):
                    exits = re.search(r"#\s*exits (\d+)", line)
                    found.append((rel(page), start + offset, line.strip(), int(exits.group(1)) if exits else 0))
    return found


EXAMPLES = examples()


def test_there_are_examples_of_every_subcommand():
    commands = {re.match(r"python3 -m sudoku_dlx (\S+)", re.sub(r"^(\w+=\S*\s+)*", "", line)).group(1)
                for _, _, line, _ in EXAMPLES}
    assert {"solve", "generate", "rate", "hint", "steps", "cover", "queens", "pentomino", "langford", "bench"} <= commands


def test_the_examples_read_only_the_repository():
    for page, number, line, _ in EXAMPLES:
        words = shlex.split(line, comments=True)
        for word in words:
            if "/" in word:
                path = (ROOT / word).resolve()
                assert path.is_relative_to(ROOT), f"{page}:{number}: {word} is outside the repository"
                assert word.endswith(".csv") or path.exists(), f"{page}:{number}: no file {word}"


SITECUSTOMIZE = '''
import os, sys
_root, _log = os.environ["DOCS_ROOT"], os.environ["DOCS_OUTSIDE"]
_parent = os.path.dirname(_root)
def _hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        path = os.path.realpath(os.fsdecode(args[0]))
        if path.startswith(_parent + os.sep) and not path.startswith(_root + os.sep):
            with open(_log, "a", encoding="utf-8") as log:
                log.write(path + "\\n")
sys.addaudithook(_hook)
'''


@pytest.fixture
def root_copy(tmp_path):
    """A folder that looks like the repository's root (each of its entries linked), so
    that an example that writes a file (--csv rows.csv) writes it there; and a
    sitecustomize that notes every file opened beside the repository."""
    folder, hooks = tmp_path / "root", tmp_path / "hooks"
    folder.mkdir()
    hooks.mkdir()
    for entry in ROOT.iterdir():
        if entry.name != ".git":
            (folder / entry.name).symlink_to(entry)
    (hooks / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    return folder, hooks


@pytest.mark.slow
@pytest.mark.parametrize("page", sorted({page for page, *_ in EXAMPLES}))
def test_every_example_runs_from_the_root(root_copy, page):
    """The page's commands run in its order (a ``--resume`` after the run it resumes), in a
    root of their own, each once however often the page shows it; each line is held to its
    own stated exit code and message. A page a test: the pages run side by side."""
    folder, hooks = root_copy
    outside = hooks / "outside.txt"
    env = {**os.environ, "PYTHONPATH": f"{hooks}{os.pathsep}{ROOT / 'py'}", "DOCS_ROOT": str(ROOT),
           "DOCS_OUTSIDE": str(outside), "PYTHONDONTWRITEBYTECODE": "1"}
    failed, runs = [], {}
    for _, number, line, code in [example for example in EXAMPLES if example[0] == page]:
        command = re.split(r"\s#", line, maxsplit=1)[0].strip()  # as bash reads a comment: a word that starts with #
        if command not in runs:
            try:
                runs[command] = subprocess.run(["bash", "-c", command.replace("python3 ", f"{sys.executable} ", 1)],
                                               cwd=folder, env=env, capture_output=True, text=True,
                                               timeout=EXAMPLE_TIMEOUT)
            except subprocess.TimeoutExpired:
                runs[command] = None
        run = runs[command]
        said = re.search(r'#\s*exits \d+: "(.*)"', line)
        if run is None:
            failed.append(f"{page}:{number}: ran past {EXAMPLE_TIMEOUT} s: {line}")
        elif run.returncode != code:
            failed.append(f"{page}:{number}: exit {run.returncode}, not {code}: {line}\n{run.stderr[-500:]}")
        elif not (run.stdout + run.stderr).strip():
            failed.append(f"{page}:{number}: printed nothing: {line}")
        elif said and said.group(1) not in run.stdout + run.stderr:
            failed.append(f"{page}:{number}: did not say {said.group(1)!r}: {line}")
    assert not failed, "\n".join(failed)
    assert not outside.exists(), f"examples opened files beside the repository: {outside.read_text()}"


def test_the_python_examples_run():
    """docs/python-api.md's examples are doctests, run from the repository's root."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        result = doctest.testfile(str(ROOT / "docs" / "python-api.md"), module_relative=False,
                                  optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    finally:
        os.chdir(here)
    assert result.attempted > 10 and result.failed == 0


def status_rows(path: Path) -> dict[str, set[str]]:
    """{function: the statuses its row names} for the rows of `path`'s tables whose first
    cell names functions of sudoku_dlx.web (in backticks), read from the columns whose
    heading says status."""
    everything = {status for statuses in web.STATUSES.values() for status in statuses}
    rows, columns = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            columns = []
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not columns:  # a table's heading
            columns = [k for k, cell in enumerate(cells) if "status" in cell] or [-1]
            continue
        named = [name for name in re.findall(r"`([a-z_]+)`", cells[0]) if name in web.STATUSES]
        words = set(re.findall(r"`([a-z ]+)`", " ".join(cells[k] for k in columns if 0 < k < len(cells))))
        for name in named:
            rows[name] = words & everything
    return rows


@pytest.mark.parametrize("name", ["glossary.md", "cli.md"])
def test_the_statuses_listed_are_the_codes(name):
    rows = status_rows(ROOT / "docs" / name)
    assert rows, f"docs/{name} lists no statuses"
    for function, listed in rows.items():
        assert listed == set(web.STATUSES[function]), f"docs/{name}: {function}: {sorted(listed)}"
    if name == "glossary.md":
        assert set(rows) == set(web.STATUSES), "the glossary names the statuses of every web function"


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_the_generated_tables_are_current(page):
    assert page.read_text(encoding="utf-8") == build.docs_text(page), \
        f"{rel(page)}: a table written from the code is stale: run python3 build.py docs"


def test_every_generated_table_is_in_the_docs():
    names = [match.group(2) for page in PAGES for match in build.GENERATED.finditer(page.read_text(encoding="utf-8"))]
    assert sorted(names) == sorted(build.TABLES), f"generated tables in the docs: {names}"


def test_the_generated_tables_list_every_file():
    """A table written from the code names every module, test file and script, and every floor."""
    written = "".join(table() for table in build.TABLES.values())
    package = ROOT / "py" / "sudoku_dlx"
    for path in package.rglob("*.py"):
        name = path.relative_to(package)
        shown = f"{name.parent}/" if name.name == "__init__.py" and name.parent.parts else str(name)
        assert f"| `{shown}` |" in written, f"no row for {shown}"
    for path in [*(ROOT / "tests").glob("test_*.py"), *(ROOT / "scripts").glob("*.py"), *(ROOT / "scripts").glob("*.mjs")]:
        assert f"| `{path.name}` |" in written, f"no row for {rel(path)}"
    assert f"| {len(build.FLOORS)} |" in build.floors_table()


def test_every_table_of_the_benchmarks_names_its_command():
    """Each section of docs/benchmarks.md that holds a table says the command that measured it."""
    text = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    sections = re.split(r"^#{2,3} ", text, flags=re.MULTILINE)[1:]
    for section in sections:
        heading = section.splitlines()[0]
        if re.search(r"^\|", section, re.MULTILINE):
            assert re.search(r"`(python3|node) [^`]+`|^python3 ", section, re.MULTILINE), \
                f"docs/benchmarks.md, {heading}: a table without the command that measured it"
