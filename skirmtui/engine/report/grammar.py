"""English verbs for the narrative: past tenses and base forms of the verbs the five
systems' questions use, regular or not (engine/report/narrative.py tells the log with
them)."""

from __future__ import annotations

import re

_IRREGULAR = {
    "is": "was",
    "are": "were",
    "has": "had",
    "have": "had",
    "does": "did",
    "do": "did",
    "can": "could",
    "cannot": "could not",
    "gets": "got",
    "goes": "went",
    "keeps": "kept",
    "leaves": "left",
    "loses": "lost",
    "falls": "fell",
    "flees": "fled",
    "fights": "fought",
    "hits": "hit",
    "shoots": "shot",
    "spends": "spent",
    "takes": "took",
    "wins": "won",
    "becomes": "became",
    "holds": "held",
    "runs": "ran",
    "sees": "saw",
    "puts": "put",
    "stands": "stood",
    "draws": "drew",
    "throws": "threw",
    "gives": "gave",
    "comes": "came",
    "makes": "made",
    "breaks": "broke",
    "rides": "rode",
    "leads": "led",
    "strikes": "struck",
    "drops": "dropped",
    "casts": "cast",
    "stops": "stopped",
}
_BASE_IRREGULAR = {"is": "be", "are": "be", "has": "have", "does": "do", "goes": "go"}
#: Adverbs that may stand between an auxiliary and its verb ("Did X also pass …").
ADVERBS = frozenset({"also", "still", "now", "just", "already", "really"})
#: Phrases whose past is not the verb's ("X is dead" → "X died", not "was dead").
PHRASES = ((re.compile(r"\b(is|are) dead\b"), "died"),)
_PAST_OF_BASE = {base: _IRREGULAR[f"{base}s"] for base in ("hit", "shoot", "fight", "lose")}
#: Verbs put in the past wherever they stand (never nouns in the systems' texts).


def past_tense(verb: str) -> str:
    """Third person present → past: `activates` → `activated`, `tries` → `tried`."""
    lower = verb.lower()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    return past_of_base(base_form(verb))


def base_form(verb: str) -> str:
    lower = verb.lower()
    if lower in _BASE_IRREGULAR:
        return _BASE_IRREGULAR[lower]
    if lower.endswith("ies") and len(lower) > 4:
        return verb[:-3] + "y"
    if re.search(r"(ches|shes|sses|xes|zes|oes)$", lower):
        return verb[:-2]
    if lower.endswith("s") and not lower.endswith("ss"):
        return verb[:-1]
    return verb


def past_of_base(verb: str) -> str:
    lower = verb.lower()
    if lower in _PAST_OF_BASE:
        return _PAST_OF_BASE[lower]
    for present, past in _IRREGULAR.items():
        if base_form(present) == lower:
            return past
    if lower.endswith("e"):
        return verb + "d"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ied"
    return verb + "ed"


def and_past(match: re.Match[str]) -> str:
    """`… and flees` → `… and fled` (a second verb of the same subject)."""
    word = match.group(1)
    return f" and {past_tense(word)}" if is_verb(word) else match.group(0)


def is_verb(word: str) -> bool:
    lower = word.lower().rstrip("?,.:;")
    return lower in _IRREGULAR or (
        lower.isalpha() and lower.endswith("s") and not lower.endswith("ss") and len(lower) > 3
    )
