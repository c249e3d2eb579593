"""Round h16y: a paper not in English is represented by its English title (the foreign title dropped), weighted up."""
from __future__ import annotations

from collections import defaultdict

import pytest

from kg.similarity_links import PaperText, similar_links
from kg.similarity_words import ENGLISH_TITLE_REPEAT, Terms, english_title

_FRENCH_ABSTRACT = ("Nous présentons dans cet article une approche pour la tâche. Les résultats de notre système sont "
                    "évalués sur un corpus de textes en français.")


@pytest.mark.parametrize(("title", "abstract", "english"), [
    # ACL Anthology titles (the b95 build): a translation in trailing brackets, a language note after it
    ("Vérification du locuteur : variations de performance (Speaker verification : results variation) [in French]",
     "", "Speaker verification : results variation"),
    (("Typage de noms toponymiques à des fins d’indexation géographique [Typing place names for geographical "
      "indexing]"), _FRENCH_ABSTRACT, "Typing place names for geographical indexing"),
    ("基於統計方法之中文搭配詞自動擷取 (Chinese Collocation Extracting Automation Based on Statistical Methods)", "",
     "Chinese Collocation Extracting Automation Based on Statistical Methods"),
    # brackets inside the translation
    (("Quelle(s) mesure(s) de similarité prosodique comme évaluation de l’imitation ? (Which measure(s) of prosodic "
      "similarity as an evaluation of imitation?)"), "",
     "Which measure(s) of prosodic similarity as an evaluation of imitation?"),
    # an English title over a French abstract
    ("Named Entity Recognition for Clinical Notes", _FRENCH_ABSTRACT, "Named Entity Recognition for Clinical Notes"),
])
def test_english_title_of_papers_not_in_english(title, abstract, english):
    assert english_title(title, abstract) == english


@pytest.mark.parametrize(("title", "abstract"), [
    # English papers, with brackets, accents, Han characters quoted in the abstract
    ("Neural Machine Translation (NMT) for Low-Resource Languages", "We translate the texts of two languages."),
    ("Parsing Zürich German with Pivot Treebanks", "We parse the dialect of Zürich with treebanks."),
    ("Chinese Word Segmentation Revisited", "Words such as 我们 and 他们 are split by the segmenter we study."),
    ("Yanhui (宴會), a Software Based High Performance Mandarin Text-To-Speech System", ""),
    # a French paper without an English title keeps its own
    ("Sélection globale de segments pour la reconnaissance d’entités nommées", _FRENCH_ABSTRACT),
])
def test_no_english_title_for_english_papers_or_untranslated_ones(title, abstract):
    assert english_title(title, abstract) is None


def test_terms_take_the_english_title_weighted_up():
    title = "Extraction de lexiques bilingues à partir de Wikipédia (Bilingual lexicon extraction from Wikipedia)"
    terms = Terms()((title, _FRENCH_ABSTRACT))
    assert "lexiques" not in terms and "bilingues" not in terms  # the French title is dropped
    assert terms.count("lexicon") == terms.count("bilingual lexicon") == ENGLISH_TITLE_REPEAT > 1
    assert terms.count("système") == 1  # the abstract's words count as they did
    assert Terms()(("Bilingual lexicon extraction from Wikipedia", "We extract lexicons.")).count("lexicon") == 1


def test_a_french_paper_meets_the_english_papers_on_its_topic():
    """At main the French abstracts' generic words ("présentons", "système", "résultats", "textes", "français")
    made the two French papers each other's nearest, whatever their topics."""
    generic = ("Nous présentons une approche automatique et son cadre d’évaluation. Les résultats obtenus par notre "
               "système sur des données en français sont encourageants et nous discutons les perspectives.")
    papers = [
        PaperText("paper/fr-lexicon", "Extraction de lexiques bilingues (Bilingual lexicon extraction from comparable "
                  "corpora)", f"Un lexique est extrait de corpus comparables. {generic}"),
        PaperText("paper/fr-speech", "Reconnaissance de la parole d’enfants (Speech recognition of children)",
                  f"La parole d’enfants est reconnue. {generic}"),
        PaperText("paper/en-lexicon", "Bilingual lexicon extraction from comparable corpora with seed words",
                  "We induce bilingual lexicons from comparable corpora using seed dictionaries."),
        PaperText("paper/en-parsing", "Dependency parsing of tweets", "We parse tweets with a dependency parser."),
    ]
    near = defaultdict(list)
    for link in similar_links(papers, k=1):
        near[link.source].append((-link.score, link.target))
        near[link.target].append((-link.score, link.source))
    assert min(near["paper/fr-lexicon"])[1] == "paper/en-lexicon"
