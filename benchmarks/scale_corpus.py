"""Make bigger corpora from the ACL Anthology for the scale benchmark (benchmarks/scale.py).

A copy of a volume is the same XML with every Anthology id, DOI, title and
year altered (the collection id, hence the venue's name, is kept), so that kg keeps
each copied paper a separate paper (ids, titles and years all differ) while
the abstracts, hence the dataset and method names, stay the same: entity
nodes are shared across copies, as they are across real papers.

    python benchmarks/scale_corpus.py OUT --copies 10     # the Anthology and 10 altered copies (~1M papers)
    python benchmarks/scale_corpus.py OUT --fraction 4    # every 4th volume (symbolic links)

>>> xml = '<collection id="2020.acl"><volume id="main"><meta><year>2020</year></meta>' \\
...       '<paper id="1"><title>Attention</title><url>2020.acl-main.1</url>' \\
...       '<doi>10.18653/v1/2020.acl-main.1</doi></paper></volume></collection>'
>>> print(altered_copy(xml, 3))
<collection id="2020.acl"><volume id="main"><meta><year>2023</year></meta><paper id="1r3"><title>Attention (replica 3)</title><url>2020.acl-main.1r3</url><doi>10.18653/v1/2020.acl-main.1.r3</doi></paper></volume></collection>
"""
from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

ANTHOLOGY = Path(os.environ.get("KG_SHARED", Path(__file__).resolve().parent.parent.parent / "shared")) / "corpus" / "anthology"

_URL = re.compile(r"(<url[^>]*>)([^<]+)</url>")
_DOI = re.compile(r"<doi>([^<]+)</doi>")
_PAPER_ID = re.compile(r'<paper id="([^"]+)"')
_YEAR = re.compile(r"<year>(\d{4})</year>")
_TITLE_END = re.compile(r"</title>")


def altered_copy(xml: str, copy: int) -> str:
    """Volume ``xml`` as copy number ``copy`` (1, 2, ...): other ids, DOIs, titles and years, same abstracts."""
    xml = _URL.sub(lambda m: f"{m.group(1)}{m.group(2)}r{copy}</url>", xml)  # the Anthology ids
    xml = _DOI.sub(lambda m: f"<doi>{m.group(1)}.r{copy}</doi>", xml)
    xml = _PAPER_ID.sub(lambda m: f'<paper id="{m.group(1)}r{copy}"', xml)  # ids made from it when a paper has no url
    xml = _YEAR.sub(lambda m: f"<year>{int(m.group(1)) + copy}</year>", xml)
    return _TITLE_END.sub(f" (replica {copy})</title>", xml)


def make_corpus(out: Path, *, copies: int = 0, fraction: int = 1, anthology: Path = ANTHOLOGY) -> int:
    """Write (or link) every ``fraction``-th Anthology volume into ``out``, plus ``copies`` altered copies.

    Returns the number of files.  Originals are symbolic links; copies are files.
    """
    out.mkdir(parents=True, exist_ok=True)
    volumes = sorted(anthology.glob("*.xml"))[::fraction]
    for volume in volumes:
        link = out / volume.name
        if not link.exists():
            link.symlink_to(volume)
        if copies:
            text = volume.read_text(encoding="utf-8")
            for copy in range(1, copies + 1):
                (out / f"{volume.stem}.copy{copy}.xml").write_text(altered_copy(text, copy), encoding="utf-8")
    return len(volumes) * (copies + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--copies", type=int, default=0, help="altered copies of every volume (default 0)")
    parser.add_argument("--fraction", type=int, default=1, help="take every N-th volume (default 1: all)")
    args = parser.parse_args()
    if not ANTHOLOGY.is_dir():
        raise SystemExit(f"{ANTHOLOGY}: no such folder (the shared Anthology corpus is needed)")
    files = make_corpus(args.out, copies=args.copies, fraction=args.fraction)
    print(f"{files} volume files in {args.out}")


if __name__ == "__main__":
    main()
