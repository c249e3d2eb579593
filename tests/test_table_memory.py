"""What writing the graph tables leaves resident: Arrow's freed buffers go back to the system after each row group
(exports.table_rows.release_arrow_memory)."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

#: Runs in a fresh interpreter, so that nothing else this test session allocated counts: writes a table of 16 MB
#: row groups from Python rows and prints how many MB it left resident above what the process held before.
_SCRIPT = textwrap.dedent("""
    import json, tempfile
    from pathlib import Path
    from exports.table_rows import NODE_SCHEMA, RowGroups

    def resident_mb():
        return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 1e6

    folder = Path(tempfile.mkdtemp())
    rows = [(f"paper/{n:08d}", "paper", f"Title {n}", "{}", "x" * 1000 + str(n)) for n in range(40_000)]
    before = resident_mb()
    with open(folder / "t.parquet", "wb") as stream, RowGroups(stream, NODE_SCHEMA) as groups:
        for row in rows:
            groups.add_row(row)
    written = resident_mb() - before
    print(json.dumps({"written": written}))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_writing_row_groups_leaves_little_resident() -> None:
    result = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True, check=True, timeout=300)
    left = json.loads(result.stdout.strip().splitlines()[-1])
    # 41 MB of rows in three 16 MB groups: 124 MB were left before the change, 55 MB after it
    assert left["written"] < 100, left


#: Copies a table of three 16 MB row groups through exports.table_reuse._Previous a run of rows at a time, as a
#: rebuild copies the unchanged runs, and prints the peak resident MB above the start and whether the bytes came out
#: the same.
_COPY_SCRIPT = textwrap.dedent("""
    import json, tempfile, threading, time
    from pathlib import Path
    import pyarrow.parquet as pq
    from exports.table_reuse import _Previous
    from exports.table_rows import NODE_SCHEMA, RowGroups

    def resident_mb():
        return int(Path("/proc/self/statm").read_text().split()[1]) * 4096 / 1e6

    folder = Path(tempfile.mkdtemp())
    with open(folder / "last.parquet", "wb") as stream, RowGroups(stream, NODE_SCHEMA) as groups:
        for n in range(60_000):
            groups.add_row((f"paper/{n:08d}", "paper", f"Title {n}", "{}", "x" * 1000 + str(n)))
    peak = [0.0]

    def sample():
        while True:
            peak[0] = max(peak[0], resident_mb())
            time.sleep(0.001)

    threading.Thread(target=sample, daemon=True).start()
    with pq.ParquetFile(folder / "last.parquet") as table:
        previous = _Previous({}, table, NODE_SCHEMA)
        time.sleep(0.05)
        before = peak[0] = resident_mb()
        with open(folder / "new.parquet", "wb") as stream, RowGroups(stream, NODE_SCHEMA) as groups:
            for start in range(0, 60_000, 7_919):
                previous.copy(start, min(7_919, 60_000 - start), groups)
    same = (folder / "new.parquet").read_bytes() == (folder / "last.parquet").read_bytes()
    print(json.dumps({"copied": peak[0] - before, "same": same}))
""")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_copying_the_last_tables_rows_reads_a_column_at_a_time_and_holds_one_group() -> None:
    result = subprocess.run([sys.executable, "-c", _COPY_SCRIPT], capture_output=True, text=True, check=True,
                            timeout=300)
    found = json.loads(result.stdout.strip().splitlines()[-1])
    # 60 MB of rows in four groups: 110-119 MB above the start when a whole group was read at once and the last
    # slice handed out held the group before while the next was read (round h14ay), 55 MB after
    assert found["same"] and found["copied"] < 80, found
