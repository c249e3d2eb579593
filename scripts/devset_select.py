"""List the abstracts of the hand-annotated dev set, by the fixed rule (nothing is chosen by eye).

Run from anywhere::

    python scripts/devset_select.py                 # writes /tmp/devset_candidates.jsonl
    python scripts/devset_select.py --count 120 --out FILE

The rule: papers of the dev volumes (:func:`extractors.gazetteer_build.is_dev_volume`:
from 2019 on, SHA-1 of the volume stem ≡ 0 mod 30) that have an abstract of at
least 40 words, ordered by the SHA-1 of their Anthology id; the first
``--count`` are annotated.  Each line: ``id``, ``volume``, ``title``, ``text``
(the abstract exactly as kg reads it, so character offsets index it).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import is_dev_volume, iter_volume_papers, split_of  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
MIN_WORDS = 40


def candidates(corpus: Path) -> list[dict]:
    """Every dev-volume paper with an abstract of at least :data:`MIN_WORDS` words, in the fixed order."""
    rows = []
    for path in sorted(corpus.glob("*.xml")):
        if not is_dev_volume(path.stem):
            continue
        for item in iter_volume_papers(path):
            paper = item.paper
            if paper.abstract and len(paper.abstract.split()) >= MIN_WORDS and paper.anthology_id \
                    and split_of(paper.anthology_id) == "dev":
                rows.append({"id": paper.anthology_id, "volume": path.stem, "title": paper.title,
                             "text": paper.abstract})
    return sorted(rows, key=lambda r: hashlib.sha1(r["id"].encode("utf-8")).hexdigest())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--out", type=Path, default=Path("/tmp/devset_candidates.jsonl"))
    args = parser.parse_args(argv)
    rows = candidates(args.corpus)[: args.count]
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} dev abstracts -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
