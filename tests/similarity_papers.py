"""Small random corpora for the similarity search's tests: titles and abstracts drawn from a few field words, and
up to three shared entities each, reproducible from a seed."""
from __future__ import annotations

import random

from kg.similarity_vectors import PaperText

WORDS = ("neural", "machine", "translation", "parsing", "dependency", "graph", "network", "speech", "recognition",
         "sentiment", "analysis", "corpus", "annotation", "dialogue", "question", "answering", "retrieval",
         "summarization", "entity", "linking", "lexical", "semantics")
ENTITIES = ("dataset/squad", "dataset/wmt14", "task/parsing", "model/bert", "method/lstm", "metric/bleu")


def random_papers(seed: int, count: int) -> list[PaperText]:
    """``count`` papers ``paper/0000`` ... with a 1-4 word title, a 5-25 word abstract and 0-3 entities."""
    rng = random.Random(seed)
    return [PaperText(f"paper/{n:04d}", " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4))),
                      " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 25))),
                      tuple(sorted(rng.sample(ENTITIES, rng.randint(0, 3))))) for n in range(count)]
