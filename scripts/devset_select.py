"""List the abstracts of the hand-annotated dev set (or tuning set), by a fixed rule (nothing is chosen by eye).

Run from anywhere::

    python scripts/devset_select.py                 # writes /tmp/devset_candidates.jsonl
    python scripts/devset_select.py --count 120 --out FILE
    python scripts/devset_select.py --set tune      # the tuning set: writes /tmp/tuneset_candidates.jsonl
    python scripts/devset_select.py --set tune2     # the second tuning set: /tmp/tune2set_candidates.jsonl
    python scripts/devset_select.py --set tune3     # the third tuning set: /tmp/tune3set_candidates.jsonl
    python scripts/devset_select.py --set tune4     # the fourth tuning set: /tmp/tune4set_candidates.jsonl
    python scripts/devset_select.py --set tune5     # the fifth tuning set: /tmp/tune5set_candidates.jsonl
    python scripts/devset_select.py --set tune6     # the sixth tuning set: /tmp/tune6set_candidates.jsonl
    python scripts/devset_select.py --set tune7     # the seventh tuning set: /tmp/tune7set_candidates.jsonl
    python scripts/devset_select.py --set tune8     # the eighth tuning set: /tmp/tune8set_candidates.jsonl
    python scripts/devset_select.py --set tune9     # the ninth set (held out): /tmp/tune9set_candidates.jsonl
    python scripts/devset_select.py --set tune10    # the tenth tuning set: /tmp/tune10set_candidates.jsonl
    python scripts/devset_select.py --set tune11    # the eleventh tuning set: /tmp/tune11set_candidates.jsonl

The rule: papers of the dev volumes (:func:`extractors.gazetteer_build.is_dev_volume`:
from 2019 on, SHA-1 of the volume stem ≡ 0 mod 30) that have an abstract of at
least 40 words, ordered by the SHA-1 of their Anthology id; the first
``--count`` are annotated.  Each line: ``id``, ``volume``, ``title``, ``text``
(the abstract exactly as kg reads it, so character offsets index it).

The *tuning set* (``--set tune``, ``benchmarks/data/tuneset``), on which the
extraction rules may be tuned, follows another rule, so it shares no paper
with the dev set, the gazetteer or the tagger's training data: papers of the
``"tune"`` slice of :func:`extractors.gazetteer_build.split_of` (SHA-1 bucket 1
of the Anthology id; never a dev volume, never read by the gazetteer or the
tagger) in volumes from 2019 on, with an abstract of at least 40 words,
ordered by the SHA-1 of ``"tuneset:" + id``; the first ``--count`` (100: the first 40 were
annotated first, the next 60 were added later by the same rule).

The *second tuning set* (``--set tune2``, ``benchmarks/data/tuneset2``) was drawn because rules tuned on
the first scored far better there than on the dev set: the same slice, volumes and length rule, without
the first tuning set's papers, ordered by the SHA-1 of ``"tuneset2:" + id``; the first ``--count`` (80).

The *third tuning set* (``--set tune3``, ``benchmarks/data/tuneset3``) was drawn because rules tuned on the first
two moved the dev set little: the same slice, volumes and length rule, without the papers of the first two
tuning sets, ordered by the SHA-1 of ``"tuneset3:" + id``; the first ``--count`` (80).  It is the held-out
check for changes tuned on the first two (among them a tagger trained on their gold annotations).

The *fourth tuning set* (``--set tune4``, ``benchmarks/data/tuneset4``) was drawn because all three earlier
tuning sets had become tuning data: the same slice, volumes and length rule, without the papers of the first
three tuning sets and of the dev set, ordered by the SHA-1 of ``"tuneset4:" + id``; the first ``--count`` (60).
It is held out from everything tuned so far (rules, the tagger, the learned entity decision).

The *fifth tuning set* (``--set tune5``, ``benchmarks/data/tuneset5``) was drawn because the first three had been
fitted (proposes ~0.89 there against ~0.64 on the dev set) and the fourth is held out: the same slice, volumes
and length rule, without the papers of the four earlier tuning sets and of the dev set, ordered by the SHA-1 of
``"tuneset5:" + id``; the first ``--count`` (80).  It is tuning data for the proposes / uses rules from the round
that drew it (h15r) on.

The *sixth tuning set* (``--set tune6``, ``benchmarks/data/tuneset6``) was drawn because the fifth had been tuned
on and its rules did not carry to the dev set: the same slice, volumes and length rule, without the papers of the
five earlier tuning sets and of the dev set, ordered by the SHA-1 of ``"tuneset6:" + id``; the first ``--count``
(80).  Its first score (round h15y) is the estimate of the code of that day on unseen abstracts.

The *seventh tuning set* (``--set tune7``, ``benchmarks/data/tuneset7``) was drawn because tune5 and tune6 had been
read in full and tuned on by three rounds: the same slice, volumes and length rule, without the papers of the six
earlier tuning sets and of the dev set, ordered by the SHA-1 of ``"tuneset7:" + id``; the first ``--count`` (80).
Its first score (round h15ab) is the estimate of the code of that day on unseen abstracts.

The *eighth tuning set* (``--set tune8``, ``benchmarks/data/tuneset8``) was drawn because all six open tuning sets
had been read and tuned on by many rounds and a learned role decision needed an untouched test: the same slice,
volumes and length rule, without the papers of the seven earlier tuning sets and of the dev set, ordered by the
SHA-1 of ``"tuneset8:" + id``; the first ``--count`` (80).  Its first score (round h15ah) is the estimate of the code
of that day on unseen abstracts; it is held out until the lead releases it.

The *ninth set* (``--set tune9``, ``benchmarks/data/tuneset9``) was drawn because the two held-out sets (the dev set,
125 abstracts; tune4, 60) are too small to tell a gain of a few thousandths from zero and the seven open tuning sets
have been read by many rounds: the same slice, volumes and length rule, without the papers of the eight earlier
tuning sets and of the dev set, ordered by the SHA-1 of ``"tuneset9:" + id``; the first ``--count`` (80).  It is the
lead's third held-out set (with the dev set and tune4): no rule round reads it.

The *tenth* and *eleventh tuning sets* (``--set tune10``, ``--set tune11``; 60 each) were drawn together in the
forty-second session because every open set had been read and tuned on (read sets ~0.90 entities F1 against ~0.80
held out), so rule rounds needed abstracts nobody had read, annotated before any system output on them is seen:
the same slice, volumes and length rule, without the papers of the nine earlier sets and of the dev set, ordered
by the SHA-1 of ``"tuneset10:" + id`` (resp. ``"tuneset11:" + id``); the eleventh also leaves out the tenth's
papers as its rule draws them (:func:`later_set_rows`), so the two can be annotated at the same time.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from extractors.gazetteer_build import is_dev_volume, iter_volume_papers, split_of  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "anthology"
MIN_WORDS = 40
TUNE_FIRST_YEAR = 2019
_RECENT_VOLUME = re.compile(r"20\d\d\.[a-z0-9]+")


def candidates(corpus: Path) -> list[dict]:
    """Every dev-volume paper with an abstract of at least :data:`MIN_WORDS` words, in the fixed order."""
    return _slice_papers(corpus, is_dev_volume, "dev", "")


def _recent_volume(volume: str) -> bool:
    """A volume of the tuning sets: an Anthology volume id of :data:`TUNE_FIRST_YEAR` or later."""
    return _RECENT_VOLUME.fullmatch(volume) is not None and int(volume[:4]) >= TUNE_FIRST_YEAR


def tune_candidates(corpus: Path) -> list[dict]:
    """Every ``"tune"``-slice paper of a volume from 2019 on with an abstract of at least :data:`MIN_WORDS`
    words, ordered by SHA-1 of ``"tuneset:" + id`` (see the module docstring)."""
    return _slice_papers(corpus, _recent_volume, "tune", "tuneset:")


def later_tune_candidates(corpus: Path, exclude: set[str], salt: str) -> list[dict]:
    """A later tuning set's order: as :func:`tune_candidates`, without the ids in ``exclude`` (the earlier
    annotated sets'), ordered by SHA-1 of ``salt + id``."""
    return [r for r in _slice_papers(corpus, _recent_volume, "tune", salt) if r["id"] not in exclude]


def tune2_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The second tuning set's order (``exclude``: the first tuning set's ids; salt ``"tuneset2:"``)."""
    return later_tune_candidates(corpus, exclude, "tuneset2:")


def tune3_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The third tuning set's order (``exclude``: the first two tuning sets' ids; salt ``"tuneset3:"``)."""
    return later_tune_candidates(corpus, exclude, "tuneset3:")


def tune4_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The fourth tuning set's order (``exclude``: the first three tuning sets' and the dev set's ids)."""
    return later_tune_candidates(corpus, exclude, "tuneset4:")


def tune5_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The fifth tuning set's order (``exclude``: the first four tuning sets' and the dev set's ids)."""
    return later_tune_candidates(corpus, exclude, "tuneset5:")


def tune6_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The sixth tuning set's order (``exclude``: the first five tuning sets' and the dev set's ids)."""
    return later_tune_candidates(corpus, exclude, "tuneset6:")


def tune7_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The seventh tuning set's order (``exclude``: the first six tuning sets' and the dev set's ids)."""
    return later_tune_candidates(corpus, exclude, "tuneset7:")


def tune8_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The eighth tuning set's order (``exclude``: the first seven tuning sets' and the dev set's ids)."""
    return later_tune_candidates(corpus, exclude, "tuneset8:")


def tune9_candidates(corpus: Path, exclude: set[str]) -> list[dict]:
    """The ninth set's order (``exclude``: the first eight tuning sets' and the dev set's ids; held out)."""
    return later_tune_candidates(corpus, exclude, "tuneset9:")


#: The annotated sets' folders, in the order they were drawn (each later set leaves out all of them).
EARLIER_FOLDERS = ("tuneset", "tuneset2", "tuneset3", "devset", "tuneset4", "tuneset5", "tuneset6", "tuneset7",
                   "tuneset8", "tuneset9")

#: Sets drawn after :data:`EARLIER_FOLDERS`, in order: each leaves out those folders and the sets before it here.
LATER_SETS = ("tune10", "tune11", "tune12", "tune13", "tune14")


def later_set_rows(corpus: Path, which: str, count: int, earlier: set[str]) -> list[dict]:
    """The first ``count`` papers of set ``which`` (one of :data:`LATER_SETS`): the ``"tune"`` slice's order by
    SHA-1 of ``"tuneset<N>:" + id`` without ``earlier`` and without the papers the sets before it in
    :data:`LATER_SETS` draw by the same rule with the same ``count``."""
    excluded = set(earlier)
    for name in LATER_SETS[:LATER_SETS.index(which)]:
        excluded |= {row["id"] for row in later_set_rows(corpus, name, count, earlier)}
    return later_tune_candidates(corpus, excluded, f"{which.replace('tune', 'tuneset')}:")[:count]


def first_tuneset_ids() -> set[str]:
    """Anthology ids of the first tuning set (``benchmarks/data/tuneset/devset.jsonl``)."""
    return tuneset_ids("tuneset")


def tuneset_ids(folder: str) -> set[str]:
    """Anthology ids of the annotated set in ``benchmarks/data/<folder>/devset.jsonl``."""
    path = ROOT / "benchmarks" / "data" / folder / "devset.jsonl"
    return {json.loads(line)["id"] for line in path.read_text("utf-8").splitlines() if line.strip()}


def _slice_papers(corpus: Path, volume_wanted: Callable[[str], bool], slice_name: str, salt: str) -> list[dict]:
    """The papers of ``slice_name`` (:func:`split_of`) in the wanted volumes with an abstract of at least
    :data:`MIN_WORDS` words, ordered by SHA-1 of ``salt + id``."""
    rows = []
    for path in sorted(corpus.glob("*.xml")):
        if not volume_wanted(path.stem):
            continue
        for item in iter_volume_papers(path):
            paper = item.paper
            if paper.abstract and len(paper.abstract.split()) >= MIN_WORDS and paper.anthology_id \
                    and split_of(paper.anthology_id) == slice_name:
                rows.append({"id": paper.anthology_id, "volume": path.stem, "title": paper.title,
                             "text": paper.abstract})
    return sorted(rows, key=lambda r: hashlib.sha1((salt + r["id"]).encode("utf-8")).hexdigest())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    default_counts = {"dev": 120, "tune": 100, "tune2": 80, "tune3": 80, "tune4": 60, "tune5": 80, "tune6": 80,
                      "tune7": 80, "tune8": 80, "tune9": 80, "tune10": 60, "tune11": 60, "tune12": 60,
                      "tune13": 60, "tune14": 60}
    parser.add_argument("--set", choices=tuple(default_counts), default="dev",
                        dest="which",
                        help="the dev set (reported) or a tuning set (rules may be tuned on it)")
    parser.add_argument("--count", type=int, default=None,
                        help="how many (default: dev 120, tune 100, tune2 and tune3 80, tune4 60, tune5..tune9 80, "
                             "tune10 … tune14 60)")
    parser.add_argument("--out", type=Path, default=None,
                        help="output (default /tmp/devset_candidates.jsonl or /tmp/tuneset_candidates.jsonl)")
    args = parser.parse_args(argv)
    count = args.count or default_counts[args.which]
    out = args.out or Path(f"/tmp/{args.which}set_candidates.jsonl")
    if args.which == "tune2":
        rows = tune2_candidates(args.corpus, first_tuneset_ids())[:count]
    elif args.which == "tune3":
        rows = tune3_candidates(args.corpus, tuneset_ids("tuneset") | tuneset_ids("tuneset2"))[:count]
    elif args.which == "tune4":
        earlier = tuneset_ids("tuneset") | tuneset_ids("tuneset2") | tuneset_ids("tuneset3") | tuneset_ids("devset")
        rows = tune4_candidates(args.corpus, earlier)[:count]
    elif args.which == "tune5":
        earlier = tuneset_ids("tuneset") | tuneset_ids("tuneset2") | tuneset_ids("tuneset3") | tuneset_ids("devset") \
            | tuneset_ids("tuneset4")
        rows = tune5_candidates(args.corpus, earlier)[:count]
    elif args.which == "tune6":
        earlier = set().union(*(tuneset_ids(folder) for folder in
                                ("tuneset", "tuneset2", "tuneset3", "devset", "tuneset4", "tuneset5")))
        rows = tune6_candidates(args.corpus, earlier)[:count]
    elif args.which == "tune7":
        earlier = set().union(*(tuneset_ids(folder) for folder in
                                ("tuneset", "tuneset2", "tuneset3", "devset", "tuneset4", "tuneset5", "tuneset6")))
        rows = tune7_candidates(args.corpus, earlier)[:count]
    elif args.which == "tune8":
        earlier = set().union(*(tuneset_ids(folder) for folder in ("tuneset", "tuneset2", "tuneset3", "devset",
                                                                   "tuneset4", "tuneset5", "tuneset6", "tuneset7")))
        rows = tune8_candidates(args.corpus, earlier)[:count]
    elif args.which == "tune9":
        earlier = set().union(*(tuneset_ids(folder) for folder in ("tuneset", "tuneset2", "tuneset3", "devset",
                                                                   "tuneset4", "tuneset5", "tuneset6", "tuneset7",
                                                                   "tuneset8")))
        rows = tune9_candidates(args.corpus, earlier)[:count]
    elif args.which in LATER_SETS:
        earlier = set().union(*(tuneset_ids(folder) for folder in EARLIER_FOLDERS))
        rows = later_set_rows(args.corpus, args.which, count, earlier)
    else:
        rows = (candidates if args.which == "dev" else tune_candidates)(args.corpus)[:count]
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} {args.which} abstracts -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
