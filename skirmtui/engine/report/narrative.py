"""The log told as a story: past-tense sentences, the result first, not the questions.

Prompts are worded as questions for the GM ("Does the hit wound Athos? (CA 5)"); a
report reads better as what happened ("The hit wounded Athos (rolled 4, needed ≤ 5)").
The rewording here is generic: it knows the units' and sides' names, a few English
question shapes and the common verbs the three systems use; anything it does not
recognise keeps its own words, with the answer in front.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skirmtui.engine.core.battle import Battle, LogEntry
from skirmtui.engine.core.prompts import SYMBOLS

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
}
_BASE_IRREGULAR = {"is": "be", "are": "be", "has": "have", "does": "do", "goes": "go"}
_PAST_OF_BASE = {base: _IRREGULAR[f"{base}s"] for base in ("hit", "shoot", "fight", "lose")}
#: Verbs put in the past wherever they stand (never nouns in the systems' texts).
_ANYWHERE = re.compile(r"\b(is|are|has|cannot|fails|passes|wins|flees|leaves)\b")
_QUESTION = re.compile(r"^(Does|Do|Did|Is|Are|Was|Has|Have|Can|Could)\s+(.*)$")
_PAREN_TAIL = re.compile(r"\s*\(([^()]*)\)\s*$")


class Teller:
    """Words log entries of one battle as sentences (labels from `labels`)."""

    def __init__(self, battle: Battle, labels: dict[str, str]) -> None:
        self.battle = battle
        self.labels = labels
        names = {unit.name for unit in battle.units.values()}
        names |= set(labels.values()) | {side.name for side in battle.sides}
        self._names = sorted(names, key=len, reverse=True)

    # -- public ------------------------------------------------------------------------

    def sentence(self, entry: LogEntry) -> str | None:
        """One sentence for `entry`, or None when it tells nothing on its own."""
        text = entry.text
        if not text or entry.kind in ("phase", "confirm", "effect") or entry.private:
            return None
        if entry.kind == "roll" and entry.roll is not None:
            return self._roll(entry)
        if entry.kind in ("choose", "ask", "pick") and " → " in text:
            question, answer = text.rsplit(" → ", 1)
            return self._answered(entry.kind, question, answer, entry)
        if entry.kind == "note":
            return f"GM's note: {text}"
        if entry.kind == "result":
            return _sentence(text)
        return _sentence(self.past(text))

    def past(self, text: str) -> str:
        """`Athos is wounded (1/2)` → `Athos was wounded (1/2)`: the verb after a known
        subject, and is/are/has/cannot anywhere."""
        subject = self._subject(text)
        if subject:
            rest = text[len(subject) :]
            match = re.match(r"^(\s+(?:\w+ly\s+)?)([^\s,.:;!?]+)(.*)$", rest, re.S)
            if match and _is_verb(match.group(2)):
                text = subject + match.group(1) + past_tense(match.group(2)) + match.group(3)
        text = re.sub(r" and (\w+s)\b", _and_past, text)
        return _ANYWHERE.sub(lambda m: past_tense(m.group(1)), text)

    # -- internals ---------------------------------------------------------------------

    def _subject(self, text: str) -> str:
        for name in self._names:
            if text.startswith(name) and (len(text) == len(name) or not text[len(name)].isalnum()):
                # "Legionario (Legionari) …": the side in brackets belongs to the subject.
                match = re.match(r"\s*\([^()]*\)", text[len(name) :])
                return name + (match.group(0) if match else "")
        return ""

    def _roll(self, entry: LogEntry) -> str:
        roll = entry.roll
        assert roll is not None
        question = entry.text.split(": [", 1)[0]
        question, note = _split_note(question)
        dice = _dice_words(roll)
        if note:
            dice = f"{note}; {dice}"
        success = roll.get("success")
        if roll.get("per_die") and success is None:
            statement = self._statement(question, None)
            done = roll["total"]
            return _sentence(f"{statement}: {done} of {len(roll['faces'])} dice succeeded")
        statement = self._statement(question, success)
        crit = f", a critical {roll['critical']}" if roll.get("critical") else ""
        return _sentence(f"{statement} ({dice}{crit})")

    def _answered(self, kind: str, question: str, answer: str, entry: LogEntry) -> str:
        if kind == "ask" and answer in ("yes", "no"):
            return _sentence(self._statement(question, answer == "yes"))
        who = ""
        if ": " in question:
            head, tail = question.split(": ", 1)
            if self._subject(head) == head:
                who, question = head, tail
        question = _split_note(question)[0].rstrip("?").strip()
        if not self._subject(question):
            question = _lower_first(question)
        if kind == "choose":
            subject = who or self._actor(entry)
            if subject:
                return _sentence(f"{subject} chose {answer} — {question}")
            return _sentence(f"{answer} — {question}")
        return _sentence(f"{answer} — {question}")

    def _actor(self, entry: LogEntry) -> str:
        if entry.actor and entry.actor in self.labels:
            return self.labels[entry.actor]
        if entry.side:
            return self.battle.side_name(entry.side)
        return ""

    def _statement(self, question: str, success: bool | None) -> str:
        """A question turned into what happened: `X activates?` + success → `X activated`;
        `Does the hit wound X?` + failure → `The hit did not wound X`."""
        question = question.strip()
        bare = question.rstrip("?").strip()
        match = _QUESTION.match(bare)
        if match:
            aux, rest = match.group(1), match.group(2)
            subject = self._subject(rest) or _noun_phrase(rest)
            if not subject or re.match(r"\s*(that|who|which)\b", rest[len(subject) :]):
                word = "Yes" if success else "No" if success is False else ""
                return f"{word}: {_lower_first(bare)}?" if word else bare
            tail = rest[len(subject) :].strip()
            if aux.lower() in ("is", "are", "was"):
                verb = "was" if aux.lower() != "are" else "were"
                neg = "" if success is not False else " not"
                return _upper_first(f"{subject} {verb}{neg} {tail}".strip())
            if aux.lower() in ("can", "could"):
                neg = "could" if success is not False else "could not"
                return _upper_first(f"{subject} {neg} {tail}".strip())
            verb, _, obj = tail.partition(" ")
            if success is False:
                return _upper_first(f"{subject} did not {verb} {obj}".strip())
            return _upper_first(f"{subject} {past_of_base(verb)} {obj}".strip())
        subject = self._subject(bare)
        if subject:
            rest = bare[len(subject) :].strip()
            word, _, obj = rest.partition(" ")
            verb = word.rstrip(",.:;!?")
            mark = word[len(verb) :]  # "defends:" → "did not defend:"
            if _is_verb(verb):
                if success is False:
                    return f"{subject} did not {base_form(verb)}{mark} {obj}".strip()
                return f"{subject} {past_tense(verb)}{mark} {obj}".strip()
        if success is None:
            return self.past(bare)
        return f"{'Success' if success else 'Failure'}: {self.past(bare)}"


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


def _and_past(match: re.Match[str]) -> str:
    """`… and flees` → `… and fled` (a second verb of the same subject)."""
    word = match.group(1)
    return f" and {past_tense(word)}" if _is_verb(word) else match.group(0)


def _is_verb(word: str) -> bool:
    lower = word.lower().rstrip("?,.:;")
    return lower in _IRREGULAR or (
        lower.isalpha() and lower.endswith("s") and not lower.endswith("ss") and len(lower) > 3
    )


def _noun_phrase(text: str) -> str:
    words = text.split()
    if len(words) >= 2 and words[0].lower() in ("the", "a", "an", "its", "this", "that"):
        return " ".join(words[:2])
    return ""


def _split_note(question: str) -> tuple[str, str]:
    """`X activates? (ABI 3)` → (`X activates?`, `ABI 3`)."""
    match = _PAREN_TAIL.search(question)
    if match and question[: match.start()].rstrip().endswith("?"):
        return question[: match.start()].rstrip(), match.group(1)
    return question, ""


def _dice_words(roll: dict[str, object]) -> str:
    faces = roll.get("faces")
    shown = " ".join(str(f) for f in faces) if isinstance(faces, list) else "?"
    text = f"rolled {shown}"
    total = roll.get("total")
    if (
        not roll.get("per_die")
        and isinstance(faces, list)
        and (len(faces) > 1 or roll.get("modifiers"))
    ):
        text += f" = {total}"
    compare, target = roll.get("compare"), roll.get("target")
    if isinstance(compare, str) and target is not None:
        each = "each " if roll.get("per_die") else ""
        text += f", needed {each}{SYMBOLS.get(compare, compare)} {target}"
    if roll.get("per_die"):
        text += f": {total} succeeded"
    return text


def _sentence(text: str) -> str:
    text = _upper_first(text.strip())
    return text if text.endswith((".", "!", "?")) or not text else text + "."


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def tell(teller: Teller, entries: Iterable[LogEntry]) -> list[str]:
    return [s for s in map(teller.sentence, entries) if s]
