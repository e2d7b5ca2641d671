"""Big but easy DLX files: time and peak memory of ``xlsolver count`` from a fresh process, at several sizes.

    python bench/big_inputs.py                  # singles 10^4..10^6, one option 3*10^5..3*10^6
    python bench/big_inputs.py --quick          # the smaller sizes only
    python bench/big_inputs.py --cap-mb 4000 --timeout 120   # what a run may take before it is stopped
    python bench/big_inputs.py --code /work/main      # the xlsolver of another checkout (before and after)

Two kinds of file (issue 28), each with one solution and no choice that matters:

- ``singles``: n items and n options of one item each (n = 10^6 is a 16 MB file);
- ``one option``: n items and a single option covering them all (n = 3*10^6 is a 51 MB file).

Each file is counted by ``xlsolver count FILE`` in a new process; its peak memory is that process's
own (``os.wait4``'s rusage, ru_maxrss).  A run is stopped at ``--timeout`` seconds or when its address
space passes ``--cap-mb`` (the code before issue 28 grew to 24 GB on the 16 MB file), and said so.
"growth" is each size's time and memory over the size before it, beside the growth of the size: linear
cost grows as the size does.  The reference, measured in the same run on the same file, is a fresh
Python reading the file and splitting it into tokens (``split``): no reader can do much less.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SINGLES = (10_000, 100_000, 1_000_000)
ONE_OPTION = (300_000, 1_000_000, 3_000_000)
QUICK_SINGLES, QUICK_ONE_OPTION = (10_000, 100_000), (300_000, 1_000_000)


def write_singles(path: Path, n: int) -> None:
    """n items, n options of one item each: one solution."""
    names = [f"i{k}" for k in range(n)]
    with open(path, "w", encoding="ascii") as out:
        out.write(f"| {n} items, {n} options of one item\n")
        out.write(" ".join(names) + "\n")
        out.write("\n".join(names) + "\n")


def write_one_option(path: Path, n: int) -> None:
    """n items and one option covering them all: one solution."""
    line = " ".join(f"i{k}" for k in range(n))
    with open(path, "w", encoding="ascii") as out:
        out.write(f"| {n} items, one option of all of them\n")
        out.write(line + "\n")
        out.write(line + "\n")


def measured(argv: list[str], cap_mb: int, timeout: float, code: Path = ROOT) -> tuple[float, float, str]:
    """(seconds, peak MB, how it ended) of ``argv`` run in a new process."""
    def limit():
        cap = cap_mb * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    env = dict(os.environ, PYTHONPATH=str(code) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limit, env=env)
    timer = threading.Timer(timeout, process.kill)
    timer.start()
    out_err: list[bytes] = [b"", b""]

    def drain(k: int, stream) -> None:
        out_err[k] = stream.read()

    readers = [threading.Thread(target=drain, args=(k, s)) for k, s in enumerate((process.stdout, process.stderr))]
    for reader in readers:
        reader.start()
    _, status, usage = os.wait4(process.pid, 0)  # this process's own rusage (RUSAGE_CHILDREN keeps the largest)
    seconds = time.perf_counter() - start
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    for reader in readers:
        reader.join()
    peak = usage.ru_maxrss / 1024
    code = process.returncode
    if seconds >= timeout and code < 0:
        return seconds, peak, f"stopped at {timeout:g} s"
    if code != 0:
        last = out_err[1].decode(errors="replace").strip().splitlines()
        return seconds, peak, f"exit {code}: {last[-1][:90] if last else ''}"
    return seconds, peak, (out_err[0].decode().strip().splitlines() or [""])[0][:60]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the smaller sizes only")
    parser.add_argument("--cap-mb", type=int, default=4000, help="address space a run may take (default 4000)")
    parser.add_argument("--timeout", type=float, default=150, help="seconds a run may take (default 150)")
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose xlsolver runs (default: this one)")
    args = parser.parse_args()
    kinds = [("singles", write_singles, QUICK_SINGLES if args.quick else SINGLES),
             ("one option", write_one_option, QUICK_ONE_OPTION if args.quick else ONE_OPTION)]
    xlsolver = [sys.executable, "-m", "xlsolver", "count"]
    split = [sys.executable, "-c", "import sys; print(len(open(sys.argv[1], 'rb').read().split()))"]
    print(f"{'file':<12}{'n':>10}{'MB':>7}{'seconds':>9}{'peak MB':>9}{'split s':>9}{'split MB':>9}"
          f"{'growth: n':>11}{'time':>7}{'memory':>8}  answer")
    with tempfile.TemporaryDirectory() as folder:
        for kind, write, sizes in kinds:
            before = None
            for n in sizes:
                path = Path(folder) / f"{kind.replace(' ', '_')}_{n}.dlx"
                write(path, n)
                size_mb = path.stat().st_size / 2**20
                seconds, peak, answer = measured(xlsolver + [str(path)], args.cap_mb, args.timeout, args.code)
                ref_seconds, ref_peak, _ = measured(split + [str(path)], args.cap_mb, args.timeout)
                growth = ""
                if before is not None:
                    n0, s0, p0 = before
                    growth = f"{n / n0:>11.1f}{seconds / s0:>7.1f}{peak / p0:>8.1f}"
                else:
                    growth = " " * 26
                print(f"{kind:<12}{n:>10,}{size_mb:>7.1f}{seconds:>9.2f}{peak:>9.0f}{ref_seconds:>9.2f}{ref_peak:>9.0f}"
                      f"{growth}  {answer}", flush=True)
                before = (n, seconds, peak)
                path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
