"""The extraction's version: part of every document's cache key, so that a build re-extracts what the rules changed.

Its own module, without spaCy, so that a build's main process, which extracts nothing when worker processes
do, can key the document cache without loading spaCy and thinc (about 50 MB held through every later stage:
docs/scaling.md, "Peak memory, twenty-sixth session"). :mod:`extractors.entities` re-exports it.

>>> PIPELINE_VERSION.split("-")[0].isdigit()
True
"""
from __future__ import annotations

from extractors.entity_model import weights_hash
from extractors.role_weights import role_weights_hash

__all__ = ["PIPELINE_VERSION"]

#: Bumped whenever patterns or rules change what is extracted; the trained tagger's weights and the learned role
#: decision's (extractors/role_weights.py) are part of it.
PIPELINE_VERSION = f"97-{weights_hash()}-{role_weights_hash()}"  # 5: the trained tagger, tasks and metrics; 6: corpus-scale noise;
# 7: untyped names settled by their long form or by the corpus (extractors/entity_corpus.py); 8: learned task
# phrases, building blocks, "a new dataset, NAME"; 9: the corpus tables and role rules changed after 8 was taken;
# 10: an acronym that takes its task head ("ICD diagnosis") no longer overlaps a task phrase from that head
# 11: one kind per name in an abstract; "X we construct", "referred to as X", "the new X", "the X team" propose
# 12: learned method phrases and "called a task" task phrases, metric heads, names in parentheses, citation authors
# 13: "the X team" / "X we present" propose only when not compared with or shown in a table; "the translation task"
# 14: the tagger alone makes no one-word lower-case task ("We study translation."), only before "task" / "shared task"
# 15: ... and before "shared task" indeed (an older check dropped it there as a word modifying a noun)
# 16: errors of a second tuning set: task phrases over unvouched capitals, "our system (X)", "Team X", editions,
# multi-word metrics, glued words ("usingCLIP"), "X – a ... dataset", tasks naming what a new system is for
# 17: textbook methods (known_methods.txt), class labels after "classify ... into", names after "namely"
# 18: learned task phrases opening with a stop word are skipped; an acronym spelled out as a language is no task
# 19: a name in parentheses closing a dataset phrase of up to ten words is a dataset
# 20: capitals the abstract never spells out, types or proposes and the corpus never saw are no name ("XBRL")
# 21: a tagged "CR dataset" keeps its noun (trimmed, the two-letter "CR" was dropped: TDMSci recall 0.657 -> 0.648)
# 22: a known method's tokens are no longer free capitals a task phrase may take ("Decision Tree parsing"); the
# stop words skip only two-word learned task phrases ("high translation"), not "complex word identification"
# 23: the abstract's mentions of a title's "NAME:" are proposed, and the title's mention takes their kind
# 24: errors of a third tuning set: "F1 score" whole, textbook Transformer / tf-idf / genetic algorithm, "Pearson
# Coefficient", "employing X" blocks a proposal, "multilingual BERT", narrative citations, descriptive task openers
# 25: dataset nouns before a name ("a new Chinese dataset, X", "a benchmark, dubbed X", "the MWP benchmark ZB8K"),
# "the Compmix dataset" trimmed, "CodeSearchNet Corpus" whole (linked), "the X (XB) framework" a method
# 26: review5a: a model, task or kind of system before "at VENUE:" is no team; "Europarl (2012)" is no citation
# 27: review5b: a known name is exempt from the "Name (YEAR)" form only ("Bloom et al. (2020)" is a citation again);
#     "the benchmark ZB8K annotated by ..." is a dataset again (26's relative-clause check is gone)
# 28: "Transformer" is no textbook method of known_methods.txt again (it made the ACL 2024 landscape too sparse)
# 29: lower-case task names ending in a head such as "comprehension", "estimation", "reasoning", "retrieval" that
#     the train slice calls tasks or spells out (extractors/entity_phrases.py, name_phrases.txt):
#     "reading comprehension"
# 30: round h15h: past-tense proposals, "X (Long Form), a method", coined names, "SQuAD-Open", "a new BERT model, X",
#     one-word title names, learned phrases inside longer ones and phrase_kinds.txt, "word error rate (WER)" one name
# 31: round h15i: an acronym the authors coin with its long form after their proposal verb is proposed ("we propose a
#     model with ... aggregation (ZorbEA)"); plural method acronyms ("LSTMs") are names; a learned task phrase with
#     no activity head ("semantic similarity") is a task only before "task(s)", "problem", "methods" ...; "a new
#     ZQGA dataset, ZorbTQ" and "a Llama-2 based model" use ZQGA and Llama-2; capitals a lower-case long form
#     describes are no name ("ground truth (GT)": entity_corpus.described_pair); "this paper / we describe X"
#     proposes X; "at", "around", "during" ... block a proposal as the other prepositions do
# 32: "Transformer" is a known method again (capitalised; taken out at 28 only because the ACL 2024 landscape of
#     test_browser drew 27 nodes, not the test's 30): the issue lists it among the building blocks that were missed
# 33: round h15j, dataset names in full-paper sentences: "the NIST 2003 MT evaluation set", "X as test sets", "the
#     test sets of X", "the X data", "datasets ...: X (...), Y and Z", "the CR dataset", "Propbank"; a head noun is
#     not sought past a clause ("X show that our method"); the tagger's dataset label types a name no rule typed (in a
#     sentence about data, no method noun beside it); "Universal Treebanks", "Timebank"; "the Basic Travel Expression
#     Corpus (BT EC)" keeps its long form; "an Extensive training set" names nothing
# 34: round h15l: a shared task's title names its task ("SemEval-2023 Task 9: Multilingual Tweet Intimacy Analysis",
#     "the WMT23 Discourse-Level Literary Translation shared task"); see docs/extraction.md
# 35: round h15m (roles and no-entity heads by sentence structure, tasks proposed without "new") and round
#     h15n (described dataset names in sentences, two-letter abbreviations naming their data)
# 36: round h15o (events, organisations, glued words and metric lists by structure) and entity_key folding a
#     metric's hyphen-joined plural ("F1-scores" = "F1 score")
# 37: round h15p: a learned task phrase opening with a name suffix after the word it attaches to ("transfer-learning
#     based classification") or with a French article ("la classification") is no task
# 38: round h15r: roles on unseen abstracts ("called" / "named" only of the authors' own work, "NAME, an X method"
#     uses X, devise / invent / compile propose, "... are proposed: X, Y", "Our team, X", a known resource opening a
#     new dataset's phrase is used) and a title's two-to-four-word name ("Serial Speakers: a Dataset ...")
# 39: round h15r's rules of 38 taken back (held-out dev set proposes 0.638 -> 0.616, tune4 unchanged): the same
#     extraction as 37
# 40: a learned task phrase takes the capitalised words before it that name what the task is about ("Aspect-based
#     sentiment analysis", "on Arabic Dialect Identification": extractors/entity_task_modifiers.py)
# 41: round h15t: a dataset noun introduces plain capitalised names (lists, "a new dataset, X", "X is a novel
#     dataset": extractors/entity_data_lists.py), language editions of WordNet/FrameNet/PropBank/VerbNet, a language
#     variety before a dataset noun names nothing, a capitalised long form before a dataset noun names the dataset
# 42: the task-phrase rule of 40 taken back (held-out dev set tasks 0.718 -> 0.700 with it): 41 without it
# 43: round h15y: names the authors give a new thing with "called" / "named" are proposed; "(ACR):" is no emoticon
# 44: round h15z: a name a noun phrase calls new is proposed ("a new corpus, X", "X as a new scheme"); a word
#     hyphen-paired with a listed language is a language, a hashtag or a web address's part is no entity
# 45: round h15aa: words that never narrow a task open no task phrase ("seminal", "unified"); an evaluation
#     series' edition before a dataset noun names its data; organisation heads and "Workshop on X (ACR)"; "ACR aims to"
# 46: a definition sentence makes no task of a pair the corpus calls a method or a field where an untyped acronym is
#     settled either (entity_task_frames.task_by_definition: one test for both places; 45 checked only the corpus)
# 47: round h15ab: lower-case names the authors propose without an article are proposed methods
#     (extractors/entity_bare_proposal.py); "Computer Vision (CV)" is a field; "-family" is split off a name like
#     "-based"; SNOMED is a known resource
# 48: a guessed (untyped, tagger, list) mention of a name a rule typed as a task elsewhere in the abstract, and as
#     no method, dataset or model, is a task ("the ZMD task ..." ... "We study ZMD": entities.one_kind_per_name)
# 49: round h15ac: metrics vote in one_kind_per_name; kind nouns type names across a prepositional phrase and more
#     noun-phrase shapes; online platforms (patterns/platforms.txt) are no methods or models; the authors' team in
#     an aside is proposed (entity_teams); "X methods" keeps X's task kind; "X is a new ..." at a sentence start is
#     proposed; leftover capitalised words get no tagger kind; tagged names lose a trailing lower-case word;
#     verb-initial learned task phrases are skipped
# 50: round h15ad: a lower-case "... loss" right after a verb of means ("we use the focal loss") is a used method
#     (extractors/entity_losses.py, type rule used_loss)
# 51: round h15af (datasets): concept acronyms after "on" / "from" are no datasets (entity_concepts); learned task
#     phrases before a dataset noun are tasks; "X data" of a metric is no dataset; "tasks" / "games" name a benchmark
#     only right after its name; a model family before a lower-case dataset noun is data; "a dataset called X";
#     "a TimeML annotated corpus"; names apposed to "language"; "proposeLILA" split; gazetteer a dataset noun;
#     "the Japanese wordnet"
# 52: round h15ae (proposes): names listed after a colon that closes the authors' proposal (entity_colon_list);
#     a capitalised name between "a" and a kind noun after a proposal verb (entity_kind_noun_names); "call it / them";
#     two or three capitalised title words before a colon and a subtitle saying what they are
# 53: round h15ag: a learned proposes/uses decision per entity over the role rules' verdicts
#     (extractors/entity_role_model.py, weights extractors/model/role_model.json, trained by scripts/train_role_model.py
#     on the tuning sets' first-score replays)
# 54: round h15ai (recall): capitalised multi-word names after an article or possessive (entity_title_phrases);
#     lower-case members of a list holding a task are tasks (entity_task_lists); task frames with a / an and plurals
# 55: round h15ak (tasks): a setting opening a definition joins the task, "the task of X" names all of X, no task
#     before a thing noun or on data, bare "understanding" / tagger "translation" dropped (entity_task_bounds)
# 56: round h15al: lower-case model names (roberta, bloomz) and lower-case technique names (self-attention,
#     mixup, wait-k) are candidates, always used (entity_lowercase, lower_case_models.txt, lower_case_methods.txt)
# 57: round h15aj (proposals): a title's phrase the abstract proposes in running text (entity_propose_title,
#     after the pipeline in extract_mentions); "(i) a X" in a list of what the authors propose (entity_propose_items)
# 58: entity keys fold a hyphen-joined last part's plural ("Bi-LSTMs" = "Bi-LSTM", "self-attentions") and a
#     sibilant's "es" ("Gaussian Processes" = "Gaussian Process"), which the mentions' grouping and the role decision
#     key on
# 59: round h15an (methods + models precision): names shaped like no method (affixed "non-BERT", "GPT-generated",
#     editions, document parts, web domains; entity_not_names), described acronyms' long forms, "LLM.We" split
# 60: round h15ao (proposes recall): acronym pairs and shaped names the authors' verb takes whole
#     (entity_proposed_pairs), a guard on the learned role decision (entity_role_guard), a title's NAME in the abstract
# 61: "adapter(s)" is an instrument head: "Sparse Gated Adapters (SGA)" names a method, not a described thing
# 62: round h15aq (tasks recall): tasks named as a thing's purpose ("a dataset for ad hoc retrieval") and subjects a
#     sentence defines as a task ("Zorb quuxing is the task of"; entity_task_purposes)
# 63: round h15ar (datasets): a capitalised name right after "the/a ... dataset/corpus/treebank/benchmark" and before
#     punctuation is a dataset ("the data-to-text benchmark Rotowire (18.93 BLEU)")
# 64: round h15as: one proposal-verb list (entity_cues.jsonl PROPOSE/NAME lemmas, forms by extractors/inflection.py)
#     read by the cue matcher, the title echoes, the numbered items and the role guard
# 65: round h15at: a single untyped name written once is dropped when the train slice uses it as data or something
#     else more often than as a method (entity_name_uses, patterns/name_uses.txt, drop reason corpus_use)
# 66: "we introduced / contributed / collected X" is no proposal cue again (subset "past" of the PROPOSE verbs, the
#     forms before 64): "we introduced ZorbLoss to handle imbalanced data" is a use (round h15h's test)
# 67: round h15aw: a shared task's part ("SMALL-TASK1", "SemEval2022-Task3") is no method, a name inside a quoted
#     title or example is dropped (reason quoted), "multi-lingual BERT" is mBERT's name; round h16r: a paper with no
#     abstract gets the tasks its title names (entity_title_tasks; not after "based on", "using the"; an opening
#     quote is no part of a task; a quotation is found counting the sentence's straight quotes from its start, and
#     drops a name only if it holds a function word; "task"/"track" glued to a letter is a tracker's name)
# 68: a title's mentions (its NAME, teams, a title-only paper's tasks) take their source offsets through the markup
#     and white space the reader removed from the title, and none where the title is not the source's (they assumed
#     the two equal)
# 69: round h15ax (tasks): a sentence's subject past its acronym, a comma clause or a second subject is a task when
#     the sentence calls it one (entity_task_subjects); "performance on / progress in / approaches to X" (work_tasks);
#     a list after "including" stands whole and goes on past one member that names no task; "question-answering"
#     read by its last part; "normalisation" a task head
# 70: round h15ax's rules narrowed by review (both acronyms and no passive before "are ... tasks", a member after a
#     passed one needs a task head, "is a task NOUN" no definition, a second head that is a task alone ends no shared
#     name, a glued run of over 16 tokens no word); round h15ay (TDMSci): "CoNLL'03" a gazetteer spelling, a
#     method-headed title phrase before a dataset noun names data, "the Switchboard test set", Dictionary / Lexicon /
#     Thesaurus end a dataset's name (possessives inside), a capitalised dataset noun before a capitalised word or
#     "task" is a modifier
# 71: round h15ay's rules narrowed by review: a capitalised noun that heads no dataset ("Learner Corpus Research",
#     "the Hidden Test Set") types no word before it; "the Zorb Benchmark Dataset" keeps its name; a version's word, a
#     language or "shared" without "task" after a dataset noun is no sign of a modifier; split adjectives
#     (set_adjectives.txt) and an article before "LANGUAGE Word test set" make no name
# 72: round h15az's naming frame (two or three capitalised words, hyphenated names, a comma after "a new X") and a
#     guessed name taking the kind of a coined acronym in brackets typed by apposition, head noun or model family;
#     round h15ba's dataset lists (a list with a typed dataset types its ends and its task-shaped acronyms) and
#     corpus evidence for a single guessed name; their reviews' narrowing (fix38, fix39); markup inside an
#     abstract the reader keeps (the Anthology's "**Auto-ACE**", "F_{1}") removed before extraction
# 73: emphasis and math markup removed only where they pair ("A* parsing", "O*NET", "$20" keep their characters);
#     round h15bb's proposals (names listed after "two new approaches,", "we design a metric, X,", a coined short
#     name in parentheses closing the phrase a proposal verb takes) with review 40's narrowing (fix40); round
#     h15bc's generic task openers (main, optimal, real, impressive)
# 74: round h15be's lower-case technique names (18 more in lower_case_methods.txt: recurrent neural network,
#     dot-product attention, layer normalization, ...) found in every spelling of their joints (space or hyphen)
# 75: review 42: a lower-case known technique name inside a longer title run the abstract proposes gives way to
#     the run ("a delayed copy mechanism" proposed, not "copy mechanism" used)
# 76: round h15bh: an acronym pair whose lower-case long form ends in a learned task name is a task ("argumentation
#     mining (AM)"), and its bare mentions typed by a later head noun ("an AM dataset") take its definition's kind
# 77: review 44 (a task pair is a metric only before "metric"/"measure" right after its bracket; a head-typed task
#     mention keeps its kind; a long form with an article defines no task) and round h15bi (a long form opening its
#     sentence pairs with its acronym as mid-sentence; a concept's acronym typed by a head noun is retyped)
# 78: round h15bk: names listed after the authors' method's parts ("Our framework consists of two modules: X and Y")
#     are proposed; a coined name keeps the capitalised words before a kind noun after "propose the"
# 79: review 48 (a known name or a non-method in a parts list is used; "proposed" owns parts only after the/our; a
#     coined name stops at a task head, "based" or a language) and round h15bl (a concept's process long form is a
#     task only when a noun, not an adjective or participle, comes before its head)
# 80: a parts list's known names are those entity_roles._known_name knows (any class the corpus gives a name, not
#     only "method"), so a corpus-listed dataset or non-entity in "Our model consists of ...:" is not proposed
# 81: round h15bm (capitals written once are kept when listed next to a known model or the object of "fine-tune",
#     not a stop word in capitals, review 50; "X-then-Y" steps are a weak name shape) and round h15bo (a proposed
#     name's first word written alone takes the full name as long form; a system or tool acronym is no dataset)
# 82: round h15bp (capitals kept beside a known model are a model; "Unlike X, Y" is no list, review 53),
#     "data-set(s)" a dataset head; round h15bq ("-bench" names; a plural acronym before an apposed name; its
#     X-prefix rule reverted by review 54); round h15br (proposes: colon-listed networks, one capitalised word
#     apposed to a kind after "we propose", "our team, X", "widely used" after the noun, "how/why/whether"
#     barriers; review 56); round h15bt's "shared task on" title rule reverted by review 57
# 83: round h15bz (a name typed a dataset by its own long form's head keeps that kind against the tagger's task or
#     metric)
# 84: review 60 (a naming participle, "named", "called", is a proposal cue in lower case only: the "Named" of
#     "Zorbian Named Entities (ZorNE)" proposed the corpus after it)
# 85: round h15ca (names coordinated before a plural dataset noun after a lower-case modifier, before a set noun, or
#     as capitalised phrases are datasets when one member looks like a name by itself)
# 86: review 62 (in those shapes a plain capitalised phrase is vouched for only by its own shape or number or a known
#     dataset, never by another member's acronym or number; a model's name vouches for nothing)
# 87: round h15ce (the role model refitted on the five read sets without the gate set tune7)
# 88: round h15ch (a task named "A-to-B" before a task head: "grapheme-to-phoneme conversion")
# 89: round h15ci (proposed: a STEM-SUFFIX variant of a proposed name, a name opening its clause in the present
#     passive of a making verb, a model the authors (pre)train and present in apposition)
# 90: round h15cg (an F-measure however its index is spelled, 1, 2 or 0.x: f1, F_1, F_{0.5}, f1-scores, "F1 measure")
# 91: reviews 65 (no "alignment" head, one text unit at both ends refused in A-to-B tasks) and 66 (proposals:
#     listed names "trained", earlier work in the present passive, shared tasks and listed editions as variants)
# 92: rounds h15ck + review 69 (capitals beside a lower-case model noun kept as a model's name), h15cl + review 71 (a
#     name after a singular lexicon / database / collection / test-set noun typed a dataset), h15cj + review 72 (a
#     metric name a capitalised candidate took bounded as the token rule bounds it)
# 93: rounds h15co + review 74 (the shared task an overview paper presents, and "the new task of X", proposed) and
#     h15cn + review 75 (a bare task acronym takes a learned narrowing word: "open-domain QA"; graph: a name closing
#     with an acronym joins its spelled-out twin)
# 94: rounds h15cr + review 76 (task names the train slice frames as tasks, matched unframed: "reverse dictionary")
#     and h15cs + review 77 (single names the train slice's strong rules type a method or model vouch for capitals)
# 95: round h15cu + review 79 (a conference or shared-task name with a year inside the event's own name is no dataset)
# 96: round h15cw + review 81 (a paper with no abstract proposes its title's one-word NAME, guarded by the train
# abstracts' lower-case words, editorial headings, listed languages and platforms)
# 97: round h15cx + review 82 (a name right after the singular noun "metric" is a metric; the authors' team named right
# after "our team" is their proposed method)
