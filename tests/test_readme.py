"""The README's shell examples leave a clone as it was: none writes a file the repository tracks, and what
they write is ignored by git (``git status`` stays empty).  Checked from the commands' words on every run,
and by running them in a copy of the repository (slow)."""
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
WORKBOOK = (".xlsm", ".xlsx")
SEPARATORS = {"&&", "||", "|", ";", "&"}
#: Commands a test cannot run here: they install software, or change this machine's LibreOffice or need a cluster.
NOT_RUN = ("pip install", "sudo ", "libreoffice install", "--scheduler", "python -m pytest")


def shell_lines(text: str | None = None) -> list[str]:
    """Every line of the README's ```sh blocks."""
    text = README.read_text(encoding="utf-8") if text is None else text
    return [line for block in re.findall(r"```sh\n(.*?)```", text, re.S) for line in block.splitlines() if line.strip()]


def commands(line: str) -> list[list[str]]:
    """The simple commands of a shell line (split at &&, |, ;), comments dropped."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
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
    if words[0] != "xlsolver":
        return []
    if words[1] in ("--colour", "--color"):
        words = words[:1] + words[3:]
    command, rest = words[1], words[2:]
    output = _value(rest, "-o", "--output")
    written = [dlx] if (dlx := _value(rest, "--save-dlx")) else []
    if command == "build-workbook":
        return written + [output or "board.xlsm"]
    inputs = [w for i, w in enumerate(rest) if not w.startswith("-") and (i == 0 or rest[i - 1] not in ("-o", "--output"))]
    workbook = next((w for w in inputs if w.lower().endswith(WORKBOOK)), None)
    if workbook and command == "booklet":  # its PDF beside the workbook, the status saved into it
        area = _value(rest, "--area")
        return written + [output or workbook, str(Path(workbook).with_name(f"{Path(workbook).stem}-{area}-booklet.pdf"))]
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


def test_the_first_command_installs_and_solves_into_a_copy():
    assert shell_lines()[0] == "pip install . && xlsolver solve board.xlsm -o solved.xlsm"


def test_no_readme_example_writes_a_tracked_file_or_one_git_would_show():
    tracked = _tracked()
    wrong = []
    for line in shell_lines():
        for words in commands(line):
            for path in writes(words):
                name = os.path.normpath(path)
                if words[:2] == ["xlsolver", "build-workbook"] and name == "board.xlsm":
                    continue  # rebuilds the committed file byte for byte (test_workbook_build); run below
                if name in tracked or any(t.startswith(name + "/") for t in tracked):
                    wrong.append(f"{line.strip()!r} writes {path}, which the repository tracks: use -o solved.xlsm")
                elif _git("check-ignore", "-q", path).returncode != 0:
                    wrong.append(f"{line.strip()!r} writes {path}, which git would show: name an ignored file")
    assert wrong == []


@pytest.mark.slow
def test_the_readme_examples_that_write_leave_a_clone_clean(tmp_path):
    """Run, in a fresh repository of the tracked files (as a clone has them), every README line that writes a file,
    in order; git status stays empty."""
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
    ran = []
    for line in shell_lines():
        if any(skip in line for skip in NOT_RUN) or not any(writes(words) for words in commands(line)):
            continue
        result = subprocess.run(line, shell=True, cwd=clone, capture_output=True, text=True, timeout=600)
        assert result.returncode in (0, 4, 5), f"{line}\n{result.stderr}"  # 4: Unique? on a puzzle with several
        ran.append(line)
    assert len(ran) >= 12, ran
    assert _git("status", "--porcelain", cwd=clone).stdout == ""


def test_the_readme_lists_every_area_of_the_workbook():
    from xlsolver.workbook import layout

    text = README.read_text(encoding="utf-8")
    listed = re.search(r"The areas are (.*?);\s*each has workbook-level names", text, re.S)
    assert listed, "the README's list of areas ('The areas are ...; each has workbook-level names') is gone"
    names = [name for name in re.findall(r"`(\w+)`", listed.group(1)) if "_" not in name]
    assert names == list(layout.areas())
