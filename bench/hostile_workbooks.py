"""Time and peak memory of ``xlsolver solve FILE --area Pento6x10 -o OUT`` on each broken or hostile workbook.

    python bench/hostile_workbooks.py                      # every case of tests/hostile_files.py (and board.xlsm)
    python bench/hostile_workbooks.py bomb laughs          # some
    python bench/hostile_workbooks.py --timeout 20 --memory-gb 8   # stop a run that would not end

The ``xlsolver`` run is the one the environment gives (PYTHONPATH=checkout times that checkout's code).
Each run is measured by ``/usr/bin/time -v``; the table gives its wall time, its peak resident memory, its exit
code and the last line it printed to stderr.  A run stopped by --timeout says so.
"""
from __future__ import annotations

import argparse
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import hostile_files  # noqa: E402


def measure(path: Path, timeout: float | None, memory_gb: float | None) -> tuple[float, float, int, str]:
    """Seconds, peak MB, exit code and the last stderr line of one run."""
    exe = shutil.which("xlsolver") or "xlsolver"
    command = ["/usr/bin/time", "-v"] + (["timeout", str(timeout)] if timeout else [])
    command += [exe, "solve", str(path), "--area", "Pento6x10", "-o", str(path.with_name("out.xlsm"))]

    def limit_memory():
        if memory_gb:
            limit = int(memory_gb * 2**30)
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    result = subprocess.run(command, capture_output=True, text=True, preexec_fn=limit_memory)
    report = result.stderr
    seconds = _elapsed(re.search(r"Elapsed \(wall clock\) time.*: (\S+)", report).group(1))
    peak_mb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1)) / 1024
    said = [line for line in report.split("\tCommand being timed")[0].splitlines()
            if line.strip() and not line.startswith(("Command exited with", "Command terminated by"))]
    last = (said[-1] if said else "") + (" [after a traceback]" if "Traceback" in report else "")
    if result.returncode == 124 and timeout:
        last = f"still running after {timeout:g} s (stopped by timeout)"
    return seconds, peak_mb, result.returncode, last


def _elapsed(text: str) -> float:
    seconds = 0.0
    for part in text.split(":"):
        seconds = seconds * 60 + float(part)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help=f"among {', '.join(hostile_files.CASES)} (default all)")
    parser.add_argument("--timeout", type=float, help="stop a run after this many seconds")
    parser.add_argument("--memory-gb", type=float, help="address-space limit of a run (ulimit -v)")
    args = parser.parse_args()
    print(f"{'case':<26}{'seconds':>8}{'peak MB':>9}{'exit':>6}  stderr")
    with tempfile.TemporaryDirectory(prefix="xlsolver-hostile-") as folder:
        cases = {"board (as committed)": lambda where: Path(shutil.copy(hostile_files.BOARD, where)),
                 **hostile_files.CASES}
        for name in ["board (as committed)"] + (args.cases or list(hostile_files.CASES)):
            case_folder = Path(folder) / name.split()[0]
            case_folder.mkdir()
            path = cases[name](case_folder)
            seconds, peak, code, last = measure(path, args.timeout, args.memory_gb)
            print(f"{name:<26}{seconds:>8.2f}{peak:>9.0f}{code:>6}  {last[:150]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
