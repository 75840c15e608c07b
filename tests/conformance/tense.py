"""Whether sentences of a game's narration are in the past tense, as every game's are
(docs/WIRE.md): a check on the verb forms, shared by the conformance suite and each game's
narration tests.

No English grammar is parsed: a sentence must hold a verb in the past (a word in ``-ed`` or a
common irregular past) and no verb in the present, the present being the common irregular ones
and the ``-s`` form of every regular past the sentences use (``played`` makes ``plays`` a fault).
Quoted words (an event card's printed text) are the card's, not the narration's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Verbs whose past tense is not ``-ed``, with their present tense: the narration may use the one
#: and never the other.
IRREGULAR = {
    "was": ("is",),
    "were": ("are",),
    "had": ("has", "have"),
    "did": ("does",),
    "took": ("takes",),
    "drew": ("draws",),
    "won": ("wins",),
    "shot": ("shoots",),
    "began": ("begins",),
    "gave": ("gives",),
    "went": ("goes",),
    "lost": ("loses",),
    "bought": ("buys",),
    "sold": ("sells",),
    "paid": ("pays",),
    "chose": ("chooses",),
    "became": ("becomes",),
    "came": ("comes",),
    "left": ("leaves",),
    "held": ("holds",),
    "saw": ("sees",),
    "ran": ("runs",),
    "put": ("puts",),
    "got": ("gets",),
    "would": ("will",),
    "could": (),
    "rolled": ("rolls",),
    "made": ("makes",),
    "kept": ("keeps",),
    "lent": ("lends",),
    "repaid": ("repays",),
    "withdrew": ("withdraws",),
    "said": ("says",),
    "found": ("finds",),
}
PRESENT = {form for forms in IRREGULAR.values() for form in forms} | {"may", "now"}
#: Nouns spelt like the present tense of a verb the narration uses ("the duel round: challenges").
NOUNS = {"challenges"}
WORD = re.compile(r"[A-Za-z]+")
#: What a sentence quotes (an event card's printed words): not the narration's own tense.
QUOTED = re.compile(r'"[^"]*"')


def _present_forms_of(words: set[str]) -> set[str]:
    """The present tense (third person) of each regular past form among ``words``: played →
    plays, placed → places, committed → commits, carried → carries."""
    forms = set()
    for word in words:
        if not word.endswith("ed") or len(word) < 5:
            continue
        stem = word[:-2]
        forms |= {stem + "s", stem + "es", word[:-1] + "s"}
        if stem[-1] == stem[-2] and stem[-1] in "bdgmnprt":  # committed, not passed
            forms.add(stem[:-1] + "s")
        if stem.endswith("i"):
            forms.add(stem[:-1] + "ies")
    return forms


def tense_faults(sentences: Sequence[str]) -> list[str]:
    """The sentences that are not in the past tense: one with no past verb, or with a verb in the
    present (one whose past tense another sentence uses, or a common irregular one)."""
    words_of = {sentence: [word.lower() for word in WORD.findall(QUOTED.sub("", sentence))] for sentence in sentences}
    every_word = {word for words in words_of.values() for word in words}
    present = (PRESENT | _present_forms_of(every_word)) - NOUNS
    faults = []
    for sentence, words in words_of.items():
        if not any(word.endswith("ed") or word in IRREGULAR for word in words):
            faults.append(f"no verb in the past: {sentence!r}")
        elif present & set(words):
            faults.append(f"{sorted(present & set(words))} in the present: {sentence!r}")
    return faults
