"""The log told as a story: past-tense sentences, the result first, not the questions.

Prompts are worded as questions for the GM ("Does the hit wound Athos? (CA 5)"); a
report reads better as what happened ("The hit wounded Athos (rolled 4, needed ≤ 5)").
The rewording here is generic: it knows the units' and sides' names, the English
question shapes the five systems ask in ("X: which unit activates?", "How does X
move?", "X attacks whom?", "How far does X fall (cm)?") and the common verbs. A table
fact it cannot turn into a statement ("Could an enemy … charge X now?") is left out:
its consequences are in the entries after it, and the whole log is in the JSON export.
Counts agree with their nouns (`wording.plural`). tests/engine/test_wording.py runs
this over hundreds of random battles of every system and fails on the bad shapes
readers met (issue 27).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from skirmtui.engine.core.battle import Battle, LogEntry
from skirmtui.engine.core.prompts import SYMBOLS
from skirmtui.engine.core.text import plural
from skirmtui.engine.report.grammar import (
    ADVERBS,
    PHRASES,
    and_past,
    base_form,
    is_verb,
    past_of_base,
    past_tense,
)

_ANYWHERE = re.compile(r"\b(is|are|has|cannot|fails|passes|wins|flees|leaves)\b")
_QUESTION = re.compile(r"^(Does|Do|Did|Is|Are|Was|Has|Have|Can|Could)\s+(.*)$")
_PAREN_TAIL = re.compile(r"\s*\(([^()]*)\)\s*$")
_WHICH_VERB = re.compile(r"^which ((?:[\w-]+ ){0,2}?[\w-]+) (\w+s)\b(.*)$")
_WHICH_HAVE = re.compile(r"^which (.+?) (?:have|has) (.+)$")
_WHICH_PAST = re.compile(r"^which (.+?) (\w+ed)\b(.*)$")
_WHICH_DO = re.compile(r"^which (.+?) (?:does|do) (\w+) (\w+)(.*)$")
_WHICH_DID = re.compile(r"^which (.+?) did (.+?) ([a-z]+) (.+)$")
_VERB_WHICH = re.compile(r"^(\w+s)((?: with| at| on| to)?) (which .+|whom)$")
_DO_WHICH = re.compile(r"^(\w+)((?: with| at| on| to)?) (which .+|whom)$")
_HOW = re.compile(r"^how does (.+?) (\w+)(.*)$", re.I)
_HOW_MUCH = re.compile(
    r"^how (?:many (\w+)|far|wide) does (.+?) (\w+)(?:\s*\((\w+)[^()]*\))?$", re.I
)
_HOW_MANY_OF = re.compile(r"^how many of (.+?) (?:have|has) (.+)$", re.I)
_UNLESS = re.compile(r"^(.+?) is (.+?) unless it passes (.+)$")
#: A question one of whose words only a question has (the statement lost its shape).
_ASKING = re.compile(r"^(which|how|what|who|whom|where|when|why)\b", re.I)


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
        if entry.kind == "info" and entry.key and " → " in text:
            # A choice with one legal option, taken unasked ("… → Jussac (the only choice)").
            question, answer = text.rsplit(" → ", 1)
            return self._answered(
                "choose", question, answer.removesuffix(" (the only choice)"), entry
            )
        if entry.kind == "note":
            return f"GM's note: {text}"
        if entry.kind == "result":
            return _sentence(self.past(text))
        return _sentence(self.past(text))

    def past(self, text: str) -> str:
        """`Athos is wounded (1/2)` → `Athos was wounded (1/2)`: the verb after a known
        subject, and is/are/has/cannot anywhere."""
        for pattern, words in PHRASES:
            text = pattern.sub(words, text)
        subject = self._subject(text)
        if subject:
            rest = text[len(subject) :]
            match = re.match(r"^(\s+(?:\w+ly\s+)?)([^\s,.:;!?]+)(.*)$", rest, re.S)
            if match and is_verb(match.group(2)):
                text = subject + match.group(1) + past_tense(match.group(2)) + match.group(3)
        # "… and flees" → "… and fled"; not "Rochefort and Porthos" (a name, no verb)
        text = re.sub(r" and (\w+s)\b", lambda m: self._and_past(m, text), text)
        return _ANYWHERE.sub(lambda m: past_tense(m.group(1)), text)

    # -- internals ---------------------------------------------------------------------

    def _and_past(self, match: re.Match[str], text: str) -> str:
        return match.group(0) if self._subject(text[match.start(1) :]) else and_past(match)

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
        if "?" in question.rstrip("?"):  # "X hits Y? C 4 vs C 4 (…)": the rest is a note
            question, _, rest = question.partition("?")
            question += "?"
            rest = rest.strip()
            note = "; ".join(n for n in (rest, note) if n)
        dice = _dice_words(roll)
        if note:
            dice = f"{note}; {dice}"
        success = roll.get("success")
        if roll.get("per_die") and success is None:
            statement = self._statement(question, None)
            done = roll["total"]
            dice_cast = plural(len(roll["faces"]), "die")
            return _sentence(f"{statement}: {done} of {dice_cast} succeeded")
        statement = self._statement(question, success)
        crit = f", a critical {roll['critical']}" if roll.get("critical") else ""
        return _sentence(f"{statement} ({dice}{crit})")

    def _answered(self, kind: str, question: str, answer: str, entry: LogEntry) -> str | None:
        """A choice or a table's answer as what happened, or None for a table fact that
        reads as nothing on its own."""
        who = ""
        if ": " in question:
            head, tail = question.split(": ", 1)
            named = self._subject(head)
            if named == head or (named and not _QUESTION.match(tail)):
                # "X: which unit …", "X acts: which action?", "X (3 AP): which action?"
                who, question = re.sub(r" \(.*\)$", "", named), tail
        given = _NUMBER_GIVEN.match(answer)
        if kind == "choose" and "(the GM" in question and given:
            kind, answer = "ask", given.group(1)  # the GM's number, now by a number key
        question = _split_note(question)[0]
        bare = question.rstrip("?…").strip()
        if kind == "ask":
            if answer in ("yes", "no"):
                return self._yes_no(bare, answer == "yes")
            return self._number(bare, answer)
        subject = who or self._actor(entry)
        if kind == "pick":
            # "which units moved, over what ground": the tail is the question's, not news.
            bare = re.sub(r",\s*(?:over |of |with |at |in )?(?:what|which|whom|who)\b.*$", "", bare)
            if answer.lower() == "none":
                answer = "none"
            elif ", " in answer and ":" not in answer:  # "Squire, Pikeman" → "… and …"
                first, _, last = answer.rpartition(", ")
                answer = f"{first} and {last}"
        told = self._chosen(subject, bare, answer, question.endswith("…"), bool(who))
        if told is None:
            told = f"{subject} chose {answer}" if subject else answer
        return _sentence(told)

    def _chosen(
        self, who: str, question: str, answer: str, trailing: bool, named: bool
    ) -> str | None:
        """The shapes of the systems' choices (`named`: `who` chose, as the question's
        head says); None when none fits."""
        plain = _lower_first(question)
        match = _WHICH_DO.match(plain)
        if match:  # "which action does it give up this round"
            doer = match.group(2)
            doer = who if doer in ("it", "you", "they") else doer
            verb = past_of_base(match.group(3))
            return f"{doer} {verb} {self._thing(answer)}{match.group(4)}"
        match = _WHICH_HAVE.match(plain)
        if match:  # "which objectives have units within 7.5 cm" (a pick)
            if answer == "none":
                return f"no {match.group(1)} had {match.group(2)}"
            return f"{_upper_first(match.group(1))} that had {match.group(2)}: {answer}"
        match = _WHICH_DID.match(plain)
        if match:  # "which enemy models did X pass within 1" of" (a pick)
            noun, doer, verb, rest = match.groups()
            if answer.lower() in ("none", "nobody", "nothing"):
                return f"{doer} did not {verb} {rest} any {noun}"
            return f"{doer} {past_of_base(verb)} {rest} {answer}"
        match = _WHICH_PAST.match(plain)
        if match:  # "which units moved over open ground": the answer did
            if ":" in answer:  # "Capo: open ground, up to 20 cm, …": a list with details
                what = f"{match.group(1)} that {match.group(2)}{match.group(3)}"
                return f"{_upper_first(what)}: {answer}"
            doer = f"no {match.group(1)}" if answer == "none" else answer
            return f"{doer} {match.group(2)}{match.group(3)}"
        match = _WHICH_VERB.match(plain)
        if match and is_verb(match.group(2)):  # "which unit activates"
            verb, rest = match.group(2), match.group(3)
            if named:  # "X: which unit activates" — X chose
                return f"{who} chose {answer} to {base_form(verb)}{rest}"
            return f"{answer} {past_tense(verb)}{rest}"  # "Which enemy makes its free attack"
        subject = self._subject(question)
        if subject:
            rest = question[len(subject) :].strip()
            match = _VERB_WHICH.match(rest)
            if match and is_verb(match.group(1)):  # "X attacks which enemy", "X shoots at whom"
                tail = match.group(3)
                extra = tail[len("whom") :] if tail.startswith("whom") else ""
                return f"{subject} {past_tense(match.group(1))}{match.group(2)} {answer}{extra}"
            word, _, obj = rest.partition(" ")
            if trailing and is_verb(word):  # "X readies…", "X strikes with…"
                return f"{subject} {past_tense(word)} {(obj + ' ') if obj else ''}{answer}"
        match = _DO_WHICH.match(plain)
        if match and who:  # "X: Shoot at which enemy unit?"
            return f"{who} {past_of_base(match.group(1))}{match.group(2)} {answer}"
        match = _HOW.match(question)
        if match:  # "how does it move", "How does X defend against Y"
            doer, verb, rest = match.groups()
            name = self._subject(question[len("how does ") :])
            if name:  # "How does Capo brigante defend": the name is the doer, all of it
                verb, _, rest = question[len("how does ") + len(name) :].strip().partition(" ")
                doer, rest = name, f" {rest}" if rest else ""
            doer = who if doer in ("it", "they") else doer
            joint = " — " if ":" in answer else ": "
            return f"{doer} {past_of_base(verb)}{rest}{joint}{answer}"
        question = question.rsplit(". ", 1)[-1]  # "Turn 3: the GM describes …. The light"
        first = question.split(" ", 1)[0]
        if re.match(r"^which [\w -]+$", plain):  # "which action": the answer says it
            return None
        if not _ASKING.match(question) and not _QUESTION.match(question) and not is_verb(first):
            # A noun phrase ("Distance from X to Y", "range"): the answer is its value.
            words = question.replace(" (the table says)", "")
            head = f"{who}: " if who and not self._subject(words) else ""
            return f"{head}{_upper_first(words)}: {answer}"
        return None

    def _thing(self, answer: str) -> str:
        """An option's label in the middle of a sentence ("gave up its assault")."""
        return answer if self._subject(answer) else _lower_first(answer)

    def _yes_no(self, question: str, yes: bool) -> str | None:
        """`Has X reached cover?` + yes → `X reached cover`; a question about someone it
        cannot name ("Could an enemy … charge X now?") is left out."""
        for mark in (": ", ". "):  # "X is on overwatch: does it stop …", "Move X. Is it …"
            if mark in question:
                head, tail = question.rsplit(mark, 1)
                if _QUESTION.match(tail):
                    # "Move X up to 5 cm" names X second.
                    doer = self._subject(head) or self._subject(re.sub(r"^\w+ ", "", head))
                    if doer:
                        question = re.sub(r"\b(it|its)\b", doer, tail, count=1)
        told = self._statement(question + "?", yes)
        if "?" in told or told.startswith(("Yes:", "No:", "Success:", "Failure:")):
            return None
        return _sentence(told)

    def _number(self, question: str, answer: str) -> str | None:
        """`How far does X fall (cm)?` + 5 → `X fell 5 cm`; `How many of X's 5 models have
        Y within …?` + 2 → `2 of X's 5 models had Y within …`."""
        if not answer.lstrip("-").isdigit():
            return None
        n = int(answer)
        match = _HOW_MANY_OF.match(question)
        if match:
            return _sentence(f"{n} of {match.group(1)} had {match.group(2)}")
        match = _HOW_MUCH.match(question)
        if match:
            noun = match.group(1) or match.group(4) or ""
            doer, verb = match.group(2), match.group(3)
            if verb in ("up", "down", "off", "out", "over") and " " in doer:
                doer, last = doer.rsplit(" ", 1)  # "does X jump up": the verb is "jump up"
                verb = f"{last} {verb}"
            verb = " ".join([past_of_base(verb.split(" ")[0]), *verb.split(" ")[1:]])
            if not noun:
                return _sentence(f"{doer} {verb} {n}")
            if noun == "inches":
                noun = "inch"
            elif noun.endswith("s") and noun != "cm":
                noun = noun[:-1]
            return _sentence(f"{doer} {verb} {plural(n, noun)}")
        return None

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
        unless = _UNLESS.match(bare)
        if unless and success is not None:  # "X is stunned unless it passes R 2"
            who, what, test = unless.groups()
            if success:
                return f"{who} passed {test} and was not {what}"
            return f"{who} failed {test} and was {what}"
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
            adverb = ""
            if verb in ADVERBS:  # "Did X also pass within 1" of Y?"
                adverb = verb + " "
                verb, _, obj = obj.partition(" ")
            if aux.lower() in ("has", "have"):  # "Has X left the table?": a participle
                neg = "had not " if success is False else ""
                return _upper_first(f"{subject} {neg}{adverb}{verb} {obj}".strip())
            if success is False:
                return _upper_first(f"{subject} did not {adverb}{verb} {obj}".strip())
            return _upper_first(f"{subject} {adverb}{past_of_base(verb)} {obj}".strip())
        subject = self._subject(bare)
        if subject:
            rest = bare[len(subject) :].strip()
            word, _, obj = rest.partition(" ")
            verb = word.rstrip(",.:;!?")
            mark = word[len(verb) :]  # "defends:" → "did not defend:"
            lower = verb.lower()
            if lower in ("is", "are", "has", "have") and success is not None:
                # "X is at R 2 of 4: M test" — the verb states, the roll passed or failed.
                outcome = "passed" if success else "failed"
                return f"{self.past(bare)}: {outcome}"
            if lower in ("tries", "try") and obj.startswith("to "):
                # "X tries to climb 9"": it tried either way; it failed or it did.
                action, _, rest = obj[3:].partition(" ")
                if success is False:
                    return f"{subject} failed to {action}{mark} {rest}".strip()
                done = action.rstrip(",.:;!?")  # "tries to escape: V 5 vs …"
                return f"{subject} {past_of_base(done)}{action[len(done) :]} {rest}".strip()
            if is_verb(verb):
                failed = _FAILED_ACT.get(base_form(verb).lower())
                if success is False and failed:  # the act was made; its roll missed
                    return f"{subject} {past_tense(verb)}{mark} {obj} and {failed}".strip()
                if success is False:
                    return f"{subject} did not {base_form(verb)}{mark} {obj}".strip()
                return f"{subject} {past_tense(verb)}{mark} {obj}".strip()
        if success is None:
            return self.past(bare)
        return f"{'Success' if success else 'Failure'}: {self.past(bare)}"


#: Acts a roll decides the outcome of, not whether they were made: "Bianca attacks
#: Balestriere" failed is "Bianca attacked Balestriere and missed", not "did not attack".
_FAILED_ACT = {
    "attack": "missed",
    "shoot": "missed",
    "strike": "missed",
    "defend": "failed",
    "parry": "failed",
    "dodge": "failed",
}


def _noun_phrase(text: str) -> str:
    words = text.split()
    if len(words) >= 2 and words[0].lower() in ("the", "a", "an", "its", "this", "that"):
        if words[1][0].isdigit() and len(words) >= 3:  # 'the 1" fall': a measure, its noun
            return " ".join(words[:3])
        return " ".join(words[:2])
    return ""


#: A numbered choice's label that gives a number (`2 turns to contact`, `1: contact now`).
_NUMBER_GIVEN = re.compile(r"^(\d+)\b")


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
    modifiers = roll.get("modifiers")
    if not roll.get("per_die") and isinstance(faces, list) and (len(faces) > 1 or modifiers):
        # "rolled 4 +1 = 5", as the log writes it ("rolled 4 = 5" hid where 1 came from);
        # only where the modifiers are what the total adds to the faces (a modifier of
        # the difficulty, or dice read otherwise than summed, keep "rolled 5 3 = 8")
        added = sum(v for _, v in modifiers) if isinstance(modifiers, list) else 0
        summed = isinstance(total, int) and total == sum(faces) + added
        text += f" {added:+d} = {total}" if added and summed else f" = {total}"
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
