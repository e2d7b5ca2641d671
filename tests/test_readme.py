"""The shell examples of the README and of the guide (``docs/*.md``) leave a clone as it was: none writes a file
the repository tracks, and what they write is ignored by git (``git status`` stays empty).  Checked from the
commands' words on every run, and by running them in a copy of the repository (slow).  The pages stay short
enough to read (the README under 12 KB, the architecture under 20 KB), and every relative link leads to a file
that is there."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import ROOT

README = ROOT / "README.md"
DOCS = ROOT / "docs"
GUIDE_INDEX = DOCS / "README.md"
#: Every page whose ```sh examples are held to the rules below: the README first, then the guide's pages.
PAGES = [README] + sorted(DOCS.glob("*.md"))
WORKBOOK = (".xlsm", ".xlsx")
SEPARATORS = {"&&", "||", "|", ";", "&"}
#: Commands a test cannot run here: they install software, or change this machine's LibreOffice or need a cluster,
#: or run the xlsolver of an environment on another machine (the Excel guide's Windows and Mac lines).
NOT_RUN = ("pip install", "sudo ", "libreoffice install", "--scheduler", "python -m pytest", "xlsolver-env")


def shell_lines(text: str | None = None) -> list[str]:
    """Every line of the README's ```sh blocks."""
    text = README.read_text(encoding="utf-8") if text is None else text
    return [line for block in re.findall(r"```sh\n(.*?)```", text, re.S) for line in block.splitlines() if line.strip()]


def page_lines() -> list[tuple[str, str]]:
    """(page, line) for every line of the ```sh blocks of every page, the README's first."""
    return [(str(page.relative_to(ROOT)), line) for page in PAGES
            for line in shell_lines(page.read_text(encoding="utf-8"))]


def commands(line: str) -> list[list[str]]:
    """The simple commands of a shell line (split at &&, |, ;), comments dropped.  A backslash is read as a
    Windows path's separator, not a shell escape (the Excel guide's PowerShell lines)."""
    lexer = shlex.shlex(line.replace("\\", "/"), posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    found, current = [], []
    for word in lexer:
        if word in SEPARATORS:
            found.append(current)
            current = []
        else:
            current.append(word)
    return [words for words in found + [current] if words]


def _value(words: list[str], *flags: str) -> str | None:
    for i, word in enumerate(words[:-1]):
        if word in flags:
            return words[i + 1]
    return None


def writes(words: list[str]) -> list[str]:
    """The files (or folders) a command writes, relative to where it runs."""
    if words[0] == "cp":
        return [words[-1]]
    if Path(words[0]).name != "xlsolver":  # the console script, by name or by its path in an environment
        return []
    if words[1] in ("--colour", "--color"):
        words = words[:1] + words[3:]
    command, rest = words[1], words[2:]
    output = _value(rest, "-o", "--output")
    written = [path for path in (_value(rest, "--save-dlx"), _value(rest, "--svg"), _value(rest, "--xmpuzzle")) if path]
    if command == "build-workbook":
        return written + [output or "board.xlsm"]
    inputs = [w for i, w in enumerate(rest) if not w.startswith("-") and (i == 0 or rest[i - 1] not in ("-o", "--output"))]
    workbook = next((w for w in inputs if w.lower().endswith(WORKBOOK)), None)
    if workbook and command == "booklet":  # its PDF beside the workbook, the status saved into it
        area = _value(rest, "--area")
        return written + [output or workbook, str(Path(workbook).with_name(f"{Path(workbook).stem}-{area}-booklet.pdf"))]
    if workbook and command == "press" and (_value(rest, "--button") or "").lower() in ("save", "save .xmpuzzle"):
        area = _value(rest, "--area")  # Save .xmpuzzle: the file beside the workbook, the status saved into it
        return written + [output or workbook, str(Path(workbook).with_name(f"{Path(workbook).stem}-{area}.xmpuzzle"))]
    if workbook:  # a button pressed on a workbook saves it: in place, or to -o
        return written + [output or workbook]
    if command == "hint":
        return written + ([inputs[0]] if "--in-place" in rest else []) + ([output] if output else [])
    if command in ("generate", "booklet") and output:
        return written + [output]
    return written


def _git(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)


def _tracked() -> set[str]:
    if shutil.which("git") is None or _git("rev-parse", "--is-inside-work-tree").returncode != 0:
        pytest.skip("needs the git checkout (what the repository tracks)")
    return set(_git("ls-files").stdout.splitlines())


def test_the_checker_sees_what_each_kind_of_command_writes():
    """The reader of commands reads them right, or the test below could pass by missing a write."""
    def written(line: str) -> list[str]:
        return [path for words in commands(line) for path in writes(words)]

    assert written("xlsolver solve board.xlsm                # saves in place") == ["board.xlsm"]
    assert written("xlsolver solve board.xlsm -o solved.xlsm") == ["solved.xlsm"]
    assert written("pip install . && xlsolver hint solved.xlsm --area IQ5x11") == ["solved.xlsm"]
    assert written("xlsolver --colour never clear b.xlsm --area A") == ["b.xlsm"]
    assert written("xlsolver hint examples/x.txt --in-place") == ["examples/x.txt"]
    assert written("xlsolver hint examples/x.txt -o mine.txt") == ["mine.txt"]
    assert written("cp examples/x.txt y.txt && xlsolver solve y.txt --save-dlx p.dlx") == ["y.txt", "p.dlx"]
    assert written("xlsolver generate --board 6x10 -o challenges/") == ["challenges/"]
    assert written("xlsolver booklet --board iq5x11 -o booklet.pdf --jobs 2") == ["booklet.pdf"]
    assert written("xlsolver booklet solved.xlsm --area IQ5x11") == ["solved.xlsm", "solved-IQ5x11-booklet.pdf"]
    assert written("printf '.#.\\n' | xlsolver solve - --json   # '#' quoted") == []
    assert written("xlsolver build-workbook") == ["board.xlsm"]
    assert written("~/xlsolver-env/bin/xlsolver solve board.xlsm -o solved.xlsm   # Mac") == ["solved.xlsm"]
    assert written("$HOME\\xlsolver-env\\Scripts\\xlsolver solve board.xlsm -o solved.xlsm") == ["solved.xlsm"]
    assert written("xlsolver solve examples/soma.txt --steps --svg steps.svg") == ["steps.svg"]
    assert written("xlsolver solve examples/soma.xmpuzzle --xmpuzzle solved.xmpuzzle") == ["solved.xmpuzzle"]
    assert written("xlsolver press solved.xlsm --area Soma --button save") == ["solved.xlsm", "solved-Soma.xmpuzzle"]


def test_the_first_command_installs_and_solves_into_a_copy():
    assert shell_lines()[0] == "pip install . && xlsolver solve board.xlsm -o solved.xlsm"


def test_the_second_command_installs_the_test_extras_and_runs_the_tests_as_ci_does():
    assert shell_lines()[1] == "pip install -e '.[test]' && python -m pytest"
    assert shell_lines()[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_no_example_writes_a_tracked_file_or_one_git_would_show():
    """Every ```sh line of the README and of every guide page (docs/*.md)."""
    tracked = _tracked()
    wrong = []
    for page, line in page_lines():
        for words in commands(line):
            for path in writes(words):
                name = os.path.normpath(path)
                if words[:2] == ["xlsolver", "build-workbook"] and name == "board.xlsm":
                    continue  # rebuilds the committed file byte for byte (test_workbook_build); run below
                if name in tracked or any(t.startswith(name + "/") for t in tracked):
                    wrong.append(f"{page}: {line.strip()!r} writes {path}, which the repository tracks: "
                                 "use -o solved.xlsm")
                elif _git("check-ignore", "-q", path).returncode != 0:
                    wrong.append(f"{page}: {line.strip()!r} writes {path}, which git would show: name an ignored file")
    assert wrong == []


def test_the_guide_pages_have_examples_to_check():
    """The commands that moved from the README to the guide are still read by the test above."""
    pages = {page for page, _ in page_lines()}
    assert {"README.md", "docs/workbook.md", "docs/command-line.md", "docs/counting.md", "docs/3d.md",
            "docs/levels.md", "docs/puzzles.md", "docs/excel-guide.md"} <= pages
    assert sum(1 for _ in page_lines()) >= 90


def test_the_readme_and_the_architecture_stay_short():
    assert len(README.read_bytes()) < 12 * 1024
    assert len((DOCS / "architecture.md").read_bytes()) < 20 * 1024


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def links(page: Path) -> list[str]:
    """The targets of a page's Markdown links and pictures, outside code blocks."""
    return LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8")))


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(heading) for heading in re.findall(r"^#+ (.*)$", text, re.M)}


def test_every_relative_link_leads_to_a_file_that_is_there():
    wrong = []
    for page in PAGES:
        for target in links(page):
            if re.match(r"[a-z]+:", target):  # https:, mailto:
                continue
            path, _, fragment = target.partition("#")
            where = (page.parent / path).resolve() if path else page
            if not where.exists():
                wrong.append(f"{page.relative_to(ROOT)}: {target}: no such file")
            elif fragment and where.suffix == ".md" and fragment not in anchors(where):
                wrong.append(f"{page.relative_to(ROOT)}: {target}: no heading #{fragment} there")
    assert wrong == []


def test_the_checker_of_links_reads_them_right():
    assert links(README)[:1] == ["docs/architecture.md#time-in-tests"]
    assert anchor("What issue 25 (3D puzzles) added") == "what-issue-25-3d-puzzles-added"
    assert anchor("Klotski (华容道)") == "klotski-华容道"
    assert "adding-a-family" in anchors(DOCS / "architecture.md")


def test_every_guide_page_is_linked_from_the_index_and_the_index_from_the_readme():
    indexed = {(GUIDE_INDEX.parent / target.partition("#")[0]).resolve() for target in links(GUIDE_INDEX)}
    assert {page.resolve() for page in DOCS.glob("*.md")} - {GUIDE_INDEX.resolve()} - indexed == set()
    assert "docs/README.md" in links(README)


@pytest.mark.slow
def test_the_examples_that_write_leave_a_clone_clean(tmp_path):
    """Run, in a fresh repository of the tracked files (as a clone has them), every line of the README's and the
    guide's ```sh blocks that writes a file, in order (the README's first; a line repeated on another page runs
    once); git status stays empty."""
    tracked = _tracked()
    clone = tmp_path / "clone"
    for name in tracked:
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    identity = ["-c", "user.name=readme", "-c", "user.email=readme@example.invalid"]
    assert _git("init", "-q", cwd=clone).returncode == 0
    assert _git("add", "-A", cwd=clone).returncode == 0
    assert _git(*identity, "commit", "-qm", "as cloned", cwd=clone).returncode == 0
    ran, done = [], []
    for page, line in page_lines():
        if any(skip in line for skip in NOT_RUN) or not any(writes(words) for words in commands(line)):
            continue
        if commands(line) in done:  # the same command on another page (its comment may differ)
            continue
        done.append(commands(line))
        result = subprocess.run(line, shell=True, cwd=clone, capture_output=True, text=True, timeout=600)
        assert result.returncode in (0, 4, 5), f"{page}: {line}\n{result.stderr}"  # 4: Unique? on a puzzle with several
        ran.append(line)
    assert len(ran) >= 20, ran
    assert _git("status", "--porcelain", cwd=clone).stdout == ""


def test_the_workbook_page_lists_every_area_of_the_workbook():
    from xlsolver.workbook import layout

    text = (DOCS / "workbook.md").read_text(encoding="utf-8")
    listed = re.search(r"The areas are (.*?);\s*each has workbook-level names", text, re.S)
    assert listed, "docs/workbook.md's list of areas ('The areas are ...; each has workbook-level names') is gone"
    names = [name for name in re.findall(r"`(\w+)`", listed.group(1)) if "_" not in name]
    assert names == list(layout.areas())
