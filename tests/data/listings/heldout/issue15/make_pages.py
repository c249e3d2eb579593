"""Write the held-out lecture pages of issue 15 and their expected listings (run once; output committed).

Each page has the shape of an Underline page: country, abstract, venue,
title, keywords, presentation type, conference boilerplate, then a listing of
abstract-then-title pairs (the last abstract without its title), then
"Downloads", "Next from VENUE" + the first listed title, "Similar lecture" and
a footer. What varies is the boilerplate right before the listing (a short
heading-like line after prose of several kinds) and the titles (quotation
marks at either end, colons, question marks). Abstracts are assembled from
sentence parts with a fixed seed, so the pages are reproducible.

    python tests/data/listings/heldout/issue15/make_pages.py
"""
from __future__ import annotations

import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent

TOPICS = [
    ("coreference resolution", "coreference systems", "long narrative texts"),
    ("keyphrase extraction", "extractors", "scholarly articles"),
    ("speech translation", "cascaded systems", "spontaneous speech"),
    ("text simplification", "simplifiers", "medical leaflets"),
    ("stance detection", "classifiers", "parliamentary debates"),
    ("relation extraction", "extractors", "biomedical abstracts"),
    ("semantic parsing", "parsers", "compositional questions"),
    ("grammatical error correction", "correction models", "learner essays"),
    ("hate speech detection", "detectors", "code-mixed posts"),
    ("named entity recognition", "taggers", "historical newspapers"),
    ("dialogue generation", "response generators", "task-oriented chats"),
    ("machine reading comprehension", "readers", "multi-hop questions"),
]
OPENERS = [
    "{task} has seen rapid progress, but {system} still struggle with {data}.",
    "Most work on {task} assumes clean and plentiful training data, an assumption that rarely holds for {data}.",
    "Although {system} now reach high scores on standard benchmarks for {task}, their behaviour on {data} is poorly understood.",
    "Recent studies of {task} report large gains, yet it remains unclear whether {system} generalise to {data}.",
]
METHODS = [
    "We propose {name}, a method that aligns intermediate representations across domains and reweights noisy examples during training.",
    "In this paper, we introduce {name}, a lightweight framework that decomposes the problem into smaller decisions and supervises each of them separately.",
    "We present {name}, a benchmark of {n},000 manually verified examples, together with a protocol for evaluating {system} on it.",
    "To address this, we design {name}, which combines retrieval of similar training examples with a small amount of targeted annotation.",
]
RESULTS = [
    "Experiments on {k} datasets show that {name} improves over strong baselines by {p} points on average, with the largest gains on {data}.",
    "Across {k} languages, {name} closes about half of the gap between the best {system} and human annotators.",
    "Our analysis reveals that most remaining errors stem from ambiguous annotations rather than from model capacity.",
    "A human evaluation with {k} expert annotators confirms the automatic results and highlights where current {system} fail.",
]
CLOSERS = [
    "We release our code, data and trained models to support future research.",
    "These findings suggest that progress on {task} depends as much on data as on architecture.",
    "We discuss the implications of our results for the evaluation of {system} in practice.",
]


def abstract(rng: random.Random, name: str) -> str:
    task, system, data = rng.choice(TOPICS)
    fill = {"task": task, "system": system, "data": data, "name": name, "n": rng.randint(2, 60),
            "k": rng.randint(3, 14), "p": rng.randint(2, 19)}
    parts = [rng.choice(OPENERS), rng.choice(METHODS), rng.choice(RESULTS), rng.choice(RESULTS), rng.choice(CLOSERS)]
    text = " ".join(dict.fromkeys(p.format(**fill) for p in parts))
    return text[0].upper() + text[1:]


FOOTER = "Stay up to date with the latest Underline news!\n\nPRESENTATIONS\n\nCONFERENCES\n\nCOMPANY\n\nRESOURCES\n"


def page(rng: random.Random, *, country: str, venue: str, main_title: str, keywords: list[str], ptype: str,
         boilerplate: list[str], titles: list[str], untitled_last: bool, similar: str) -> tuple[str, dict]:
    main_abstract = abstract(rng, f"Main{rng.randint(10, 99)}")
    listed = [{"title": t, "abstract": abstract(rng, f"Sys{rng.randint(10, 99)}")} for t in titles]
    if untitled_last:
        listed.append({"title": None, "abstract": abstract(rng, f"Sys{rng.randint(10, 99)}")})
    blocks = [country, main_abstract, venue, main_title, *keywords, ptype, *boilerplate]
    for item in listed:
        blocks.append(item["abstract"])
        if item["title"]:
            blocks.append(item["title"])
    first = listed[0]["title"] or titles[0] if titles else None
    blocks += ["Downloads", f"Next from {venue}", first or "A Paper Not Listed Here", "Similar lecture", similar]
    text = "\n\n".join(blocks) + "\n\n" + FOOTER
    want = {"main_title": main_title, "main_abstract": main_abstract, "listed": listed,
            "next": first or "A Paper Not Listed Here", "similar": similar}
    return text, want


VENUE_BLURB = ("The 65th Annual Meeting of the Association for Computational Linguistics (ACL 2027) will take place "
               "in Vienna, Austria, from July 4 to July 9, 2027. The conference gathers researchers and practitioners "
               "from academia and industry for five days of talks, posters and tutorials.")
CHAIR = ("It is my great pleasure to welcome you to EMNLP 2028. This year the programme committee handled more than "
         "9,000 submissions, and I am grateful to the many volunteers who made the conference possible.")
ACCESS = ("To access this event page, you need to log in with the **email address you registered with**. "
          "Access credentials will be sent to your email from Underline.")
RECORDINGS = ("All talks of the main conference were recorded in the session rooms and are available on this page "
              "after the conference. Recordings of the tutorials and workshops are published separately by their "
              "organisers.")

PAGES = {
    # the venue blurb is two sentences of plain prose, then a heading-like line, then the listing
    "acl_blurb_then_registration_required.txt": dict(
        country="Austria", venue="ACL 2027", main_title="Counting Clauses: Syntactic Depth as a Proxy for Reading Effort",
        keywords=["readability", "syntax"], ptype="poster",
        boilerplate=["## Message from the General Chair", CHAIR, ACCESS, VENUE_BLURB, "Registration Required"],
        titles=["Do Parsers Agree with Readers? Syntactic Complexity in Eye-Tracking Corpora",
                "“Mama Always Had a Way of Explaining Things So I Could Understand”: A Dialogue Corpus of Caregiver Explanations",
                "KeyLens: Keyphrase Extraction for Long Scholarly Articles",
                "Speech Translation of Spontaneous Speech: What Cascades Still Do Better",
                "Why Do Simplifiers Drop Negation?",
                "StanceBench: Stance Detection in Parliamentary Debates",
                "Relation Extraction from Biomedical Abstracts with Minimal Supervision",
                "Compositional Questions Are Still Hard: A Study of Semantic Parsers",
                "Correcting Learner Essays with \"Minimal\" Edits"],
        untitled_last=True, similar="Syntactic Depth and Reading Times: A Replication"),
    # a recordings notice in plain prose, then "Watch on demand"
    "emnlp_recordings_watch_on_demand.txt": dict(
        country="Germany", venue="EMNLP 2028", main_title="\"It Depends\": Hedged Answers in Open-Domain Question Answering",
        keywords=["question answering", "hedging", "calibration"], ptype="oral",
        boilerplate=["**Welcome to EMNLP 2028!**", CHAIR, "EMNLP 2028 will be held in Hamburg, Germany.",
                     RECORDINGS, "Watch on demand"],
        titles=["‘Not My Problem’: Responsibility Framing in Customer Support Chats",
                "Hate Speech Detection in Code-Mixed Posts: Are Multilingual Encoders Enough?",
                "Historical Newspapers as a Testbed for Named Entity Recognition",
                "Who Answers “Why”?"],
        untitled_last=True, similar="Calibrated Abstention for Open-Domain QA"),
    # a discussion notice in one sentence with the second person, then a heading line that asks to sign in
    "naacl_sign_in_to_join.txt": dict(
        country="United States", venue="NAACL 2028", main_title="Task-Oriented Dialogue without Annotated Dialogue States",
        keywords=["dialogue systems"], ptype="short paper",
        boilerplate=["Questions for the authors can be posted below the video. Discussions stay open for four weeks "
                     "after the conference, and authors are notified of every new comment you post.",
                     "Sign in to join the discussion"],
        titles=["Multi-Hop Questions: Do Readers Really Hop?"],
        untitled_last=False, similar="Dialogue State Tracking as Reading Comprehension"),
    # a listing of one untitled abstract after a heading line; "Next from" names a paper not listed
    "coling_one_untitled_after_heading.txt": dict(
        country="Italy", venue="COLING 2028", main_title="Why Do Coreference Systems Fail on Novels?",
        keywords=["coreference", "literature"], ptype="long paper",
        boilerplate=["COLING 2028 takes place in Bologna, Italy, from September 10 to September 15, 2028. It is the "
                     "thirty-second edition of the conference and the first one held in Bologna since 1990.",
                     "More From This Session"],
        titles=[], untitled_last=True, similar="Narrative Coreference: A Benchmark of Twenty Novels"),
    # forty listed papers; the boilerplate ends with a title-case heading line after prose
    "eacl_forty_after_explore_more.txt": dict(
        country="Ireland", venue="EACL 2029", main_title="ForkBench: Forty Tasks for Evaluating Instruction Following",
        keywords=["benchmarks", "instruction following"], ptype="poster",
        boilerplate=[ACCESS, "EACL 2029 will take place in Dublin, Ireland, from March 18 to March 23, 2029. The "
                     "main conference is followed by two days of workshops and tutorials in the same venue.",
                     "Explore Related Talks from the Conference"],
        titles=[],  # filled below
        untitled_last=True, similar="Instruction Following Under Distribution Shift"),
    # nothing between the presentation type and the listing but a short heading line
    "interspeech_type_then_heading.txt": dict(
        country="Japan", venue="Interspeech 2028", main_title="Beyond “Hello World”: Wake-Word Detection for Children",
        keywords=[], ptype="poster",
        boilerplate=["Recorded Presentations"],
        titles=["Whisper or Shout? Vocal Effort in Spoken Commands",
                "Prosody Matters: Predicting Turn Ends in Japanese Conversation",
                "“Can You Hear Me Now”: Robust ASR for Video Calls"],
        untitled_last=True, similar="Children's Speech Recognition: A Survey"),
}

FORTY_TITLES = [
    "“Say It Again”: Repetition in Child-Directed Speech",
    "Is Bigger Always Better? Scaling Laws for Low-Resource Translation",
    "Keyphrases: Extracted or Generated?",
    "Coreference in Long Narratives: A Survey",
    "Why Don't Taggers Read Footnotes?",
    "\"Nobody Asked\": Unsolicited Advice in Online Forums",
    "Relation Extraction at Scale: Lessons from Ten Million Abstracts",
    "Simplify, Then Translate: A Pipeline for Medical Leaflets",
    "Can Parsers Count? Numeracy in Semantic Parsing",
    "Stance Detection Across Languages and Parliaments",
    "Error Correction for Learner Essays in Twelve Languages",
    "Code-Mixed Hate Speech: A New Benchmark and Strong Baselines",
    "Reading Comprehension: When Is a Question Multi-Hop?",
    "Dialogue Generation with Persona Memory",
    "‘Right, Sure’: Sarcastic Agreement in Dialogue",
    "Named Entities in Historical Newspapers: OCR Noise and Its Effects",
    "What Do Extractors Miss in Scholarly PDFs?",
    "Spontaneous Speech Translation: End-to-End or Cascade?",
    "Negation in Simplified Medical Text",
    "Parliamentary Debates as Argument Graphs",
    "BioRel: Weakly Supervised Biomedical Relation Extraction",
    "Compositional Generalisation in Text-to-SQL: A Closer Look",
    "Minimal Edits or Fluency Edits? Evaluating Error Correction",
    "Detecting Coded Hate Speech with Contrastive Pre-training",
    "Multi-Hop Readers Take Shortcuts",
    "Task-Oriented Chats with Retrieval-Augmented Responses",
    "A Corpus of Annotated Footnotes: “See Above”",
    "Entity Linking for Nineteenth-Century Newspapers",
    "Speech Translation for Six African Languages",
    "How Simple Is Simple Enough? Readability Targets for Leaflets",
    "Debates, Votes and Stances: Predicting Roll Calls",
    "Distantly Supervised Relation Extraction Revisited",
    "Semantic Parsers under Paraphrase: A Stress Test",
    "GEC for Dyslexic Writers: Data and Models",
    "Moderation at Scale: Hate Speech in Three Scripts",
    "Question Decomposition for Multi-Hop Reading",
    "Response Generation with Explicit Plans",
    "Are Keyphrases Still Useful for Retrieval?",
    "Teaching Readers to Say “I Don't Know”",
]
PAGES["eacl_forty_after_explore_more.txt"]["titles"] = FORTY_TITLES


def main() -> None:
    rng = random.Random(15)
    expected = {}
    for name, spec in PAGES.items():
        text, want = page(rng, **spec)
        (HERE / name).write_text(text, encoding="utf-8")
        expected[name] = want
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
