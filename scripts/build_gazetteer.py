"""Regenerate ``extractors/patterns/pwc_datasets.jsonl`` from the ``<pwcdataset>`` tags of ACL Anthology XML.

Run from anywhere::

    python scripts/build_gazetteer.py                       # ../shared/corpus/anthology
    python scripts/build_gazetteer.py --corpus DIR --out FILE

Only papers of the ``train`` split (:func:`extractors.gazetteer_build.split_of`)
are read for names, aliases and statistics, so the held-out papers of the
extraction benchmark never reach the gazetteer.  The output is deterministic:
the same corpus gives the same bytes.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import build_entries, iter_anthology_papers, write_entries  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
DEFAULT_OUT = ROOT / "extractors" / "patterns" / "pwc_datasets.jsonl"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="folder of Anthology volume XML files")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the JSON Lines file to write")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"build_gazetteer: no such folder: {args.corpus}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    entries = build_entries(iter_anthology_papers(args.corpus))
    count = write_entries(entries, args.out)
    detect = sum(e.detect for e in entries)
    aliases = sum(len(e.aliases) for e in entries)
    print(f"{count} datasets ({detect} detectable, {count - detect} link-only, {aliases} aliases) "
          f"-> {args.out} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
