"""Time per click on Solve in LibreOffice Calc, from the trigger to the cells written.

    python bench/libreoffice_click.py [--clicks 20] [--challenge examples/iq-expert-25.txt]

Starts a headless LibreOffice with a profile set up by ``xlsolver libreoffice
install``, opens a copy of board.xlsm, types the booklet challenge into IQ5x11
and runs what a click on its Solve button runs (the button's script URL, through
the document's script provider) ``--clicks`` times.  A click returns when the
answer is in the cells, so each time is trigger to cells written.  It also times
the part that is not LibreOffice's: ``python -m xlsolver.workbook.exchange`` on
the same request, a fresh Python each time as on a click.  For the command
line's time on the same challenge, use ``farm-bench -n 20 -- xlsolver solve
CHALLENGE``.  Needs what tests/libreoffice.py needs (soffice, python3-uno,
Python macros).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from libreoffice import Office  # noqa: E402 - the tests' harness, found through the path above

from xlsolver.workbook import calc_script, layout  # noqa: E402
from xlsolver.workbook import libreoffice as setup  # noqa: E402


def figures(times: list[float]) -> str:
    return (f"median {statistics.median(times) * 1000:.0f} ms (min {min(times) * 1000:.0f}, "
            f"max {max(times) * 1000:.0f}, n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--challenge", type=Path, default=ROOT / "examples" / "iq-expert-25.txt")
    args = parser.parse_args()
    area = layout.area("IQ5x11")
    rows = args.challenge.read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory() as tmp, Office(setup=lambda profile: setup.install(profile)) as office:
        path = Path(tmp) / "board.xlsm"
        path.write_bytes((ROOT / "board.xlsm").read_bytes())
        document = office.open(path)
        try:
            document.type_range("IQ5x11_In", [[ch if ch not in ". " else None for ch in row] for row in rows])
            button = next(b for b in document.button_macros(area.sheet) if f".Buttons.{area.macro('solve')}?" in b.macro)
            clicks = []
            for _ in range(args.clicks + 1):  # the first one warms caches, and is not counted
                start = time.perf_counter()
                document.click(button)
                clicks.append(time.perf_counter() - start)
            status = document.range_values("IQ5x11_Status")[0][0]
            request = calc_script.request(document._doc, area.name, "solve")  # what a click sends, as JSON
        finally:
            document.close()
    exchanges = []
    payload = json.dumps(request).encode("utf-8")
    for _ in range(args.clicks + 1):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "xlsolver.workbook.exchange"], input=payload,
                              capture_output=True, check=True, cwd=tempfile.gettempdir())
        exchanges.append(time.perf_counter() - start)
    answer = json.loads(done.stdout)
    print(f"challenge {args.challenge.name}: {status}")
    print(f"LibreOffice click on Solve, trigger to cells written: {figures(clicks[1:])}")
    print(f"  of which python -m xlsolver.workbook.exchange alone:  {figures(exchanges[1:])} ({answer['status']})")


if __name__ == "__main__":
    main()
