"""A screenshot of the real LibreOffice Calc window after a mouse click on Solve (docs/libreoffice.md's picture).

    python docs/make_libreoffice_screenshot.py [--soffice PATH] [--challenge examples/iq-expert-25.txt]

Runs a LibreOffice with windows on a virtual X display (Xvfb), with a private
profile set up by ``xlsolver libreoffice install``; opens a copy of board.xlsm,
types the booklet challenge into the IQ Puzzler Pro board, moves the mouse onto
the Solve button and clicks it (xdotool), waits for the status line, and saves
the screen (ImageMagick's ``import``) as docs/img/libreoffice-after-solve.png.

Needs Xvfb, xdotool, imagemagick, and a LibreOffice built with a GUI: Debian's
``libreoffice-calc-nogui`` (what the tests use) has none.  Either install
``libreoffice-calc`` (it replaces the -nogui packages), or unpack the GUI build
beside the installed one and name its soffice with ``--soffice``::

    apt-get download libreoffice-core libreoffice-calc && for d in *.deb; do dpkg -x $d stage; done
    cp -a /usr/lib/libreoffice /tmp/lo-gui/ && cp -a stage/usr/lib/libreoffice/. /tmp/lo-gui/libreoffice/
    sed -i 's#file:///usr/lib/libreoffice#file:///tmp/lo-gui/libreoffice#' /tmp/lo-gui/libreoffice/program/fundamentalrc
    apt-get install libepoxy0   # the one library the GUI build needs beyond the -nogui one's
    python docs/make_libreoffice_screenshot.py --soffice /tmp/lo-gui/libreoffice/program/soffice
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from libreoffice import Office  # noqa: E402 - the tests' harness, found through the path above

from xlsolver.workbook import layout  # noqa: E402
from xlsolver.workbook import libreoffice as setup  # noqa: E402

WIDTH, HEIGHT = 1280, 800
DISPLAY = ":87"


def solve_button(document, area: layout.Area):
    """The Solve button's control on the open window (the view of its shape's model)."""
    controller = document._doc.CurrentController
    page = document._doc.Sheets.getByName(area.sheet).DrawPage
    for i in range(page.Count):
        shape = page.getByIndex(i)
        if not shape.supportsService("com.sun.star.drawing.ControlShape"):
            continue
        form = shape.Control.Parent
        index = next(k for k in range(form.Count) if form.getByIndex(k) == shape.Control)
        if any(f".Buttons.{area.macro('solve')}?" in event.ScriptCode for event in form.getScriptEvents(index)):
            return controller.getControl(shape.Control)
    raise LookupError(f"no Solve button for {area.name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--soffice", default=shutil.which("soffice"), help="a LibreOffice built with a GUI")
    parser.add_argument("--challenge", type=Path, default=ROOT / "examples" / "iq-expert-25.txt")
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "img" / "libreoffice-after-solve.png")
    args = parser.parse_args()
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found: apt-get install xvfb xdotool imagemagick")
    area = layout.area("IQ5x11")
    rows = args.challenge.read_text(encoding="utf-8").splitlines()
    xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", f"{WIDTH}x{HEIGHT}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    x11 = {**os.environ, "DISPLAY": DISPLAY}
    try:
        time.sleep(1)
        with tempfile.TemporaryDirectory() as tmp, \
                Office(setup=lambda profile: setup.install(profile), soffice=args.soffice, display=DISPLAY) as office:
            path = Path(tmp) / "board.xlsm"
            path.write_bytes((ROOT / "board.xlsm").read_bytes())
            document = office.open(path, hidden=False)
            controller = document._doc.CurrentController
            controller.Frame.ContainerWindow.setPosSize(0, 0, WIDTH, HEIGHT, 15)  # no window manager: fill the screen
            controller.setActiveSheet(document._doc.Sheets.getByName(area.sheet))
            document.type_range("IQ5x11_In", [[ch if ch not in ". " else None for ch in row] for row in rows])
            controller.select(document._doc.Sheets.getByName(area.sheet).getCellRangeByName("A1"))
            time.sleep(1)
            where = solve_button(document, area).getAccessibleContext()
            x = where.getLocationOnScreen().X + where.getSize().Width // 2
            y = where.getLocationOnScreen().Y + where.getSize().Height // 2
            subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], env=x11, check=True)
            deadline = time.monotonic() + 60
            while not document.range_values("IQ5x11_Status")[0][0] and time.monotonic() < deadline:
                time.sleep(0.2)
            status = document.range_values("IQ5x11_Status")[0][0]
            if not status:
                sys.exit("the click did not answer within 60 s")
            subprocess.run(["xdotool", "mousemove", str(x), str(y + 60)], env=x11, check=True)  # off the button
            time.sleep(1.5)  # let the window repaint
            args.output.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["import", "-display", DISPLAY, "-window", "root", str(args.output)], check=True)
            document.close()
        print(f"wrote {args.output}: {status}")
    finally:
        xvfb.terminate()
        xvfb.wait()


if __name__ == "__main__":
    main()
