"""Fuzz every reader and print, per reader, how many inputs it took and how each ended.

    python bench/fuzz_readers.py            # 10,000 inputs per reader (1,000 generated, 9 edits of each)
    python bench/fuzz_readers.py 500        # fewer

The readers and their inputs are those of tests/test_fuzz_readers.py; a traceback
is printed (first three per reader) instead of stopping the run.
"""
from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import test_fuzz_readers as fuzzers  # noqa: E402


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else fuzzers.BENCH
    per = 1 + fuzzers.NEIGHBOURS
    print(f"{'reader':<16}{'inputs':>9}{'answers':>9}{'messages':>10}{'tracebacks':>12}{'seconds':>9}")
    failed = 0
    for reader in fuzzers.READERS:
        shown = []

        def on_error(value, err, shown=shown):
            if len(shown) < 3:
                shown.append(f"{reader}: {value!r}\n" + "".join(traceback.format_exception(err)))

        start = time.perf_counter()
        fuzzers.fuzz(reader, max(1, total // per), on_error=on_error, neighbours=fuzzers.NEIGHBOURS)
        counts = fuzzers.COUNTS[reader]
        print(f"{reader:<16}{sum(counts.values()):>9,}{counts['answer']:>9,}{counts['message']:>10,}"
              f"{counts['traceback']:>12,}{time.perf_counter() - start:>9.1f}", flush=True)
        failed += counts["traceback"]
        for text in shown:
            print(text, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
