"""Plain helpers every test may import: where the facts and examples are, and the real command."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent
EXAMPLES = ROOT / "examples"


def load_facts(name: str) -> dict:
    """Known shapes, counts and answers (copied from shared/data: facts, not code)."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def run_xlsolver(*args: str, stdin: str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the installed ``xlsolver`` console script, as a user would."""
    exe = shutil.which("xlsolver")
    command = [exe] if exe else [sys.executable, "-m", "xlsolver"]
    environment = {**os.environ, **(env or {})}
    environment.pop("NO_COLOR", None)
    return subprocess.run(command + list(args), input=stdin, capture_output=True, text=True,
                          env=environment, timeout=300)


def child_processes(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (exists and is not a zombie), from /proc."""
    try:
        return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
