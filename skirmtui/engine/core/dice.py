"""Dice expressions (`1d6`, `2d6`, `1d10`, `1d8!`, `1d8!+1d6!`), rolling and typed-in faces."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import lru_cache

from skirmtui.engine.core.records import frozen_record

_EXPR = re.compile(r"^\s*(\d*)d(\d+)(!?)\s*$")

#: Rolling explodes at most this often per die, so a typed or rolled roll stays bounded.
MAX_EXPLOSIONS = 10


_RANDOM = random.Random


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` (so `rng.randint(1, n) - 1`, `rng.choice`'s index) for a plain
    `random.Random`, without the three Python calls around its `getrandbits` loop
    (issue 28: a random answer draws one, `Choose.random_option`; `Dice.roll` writes
    this loop out, its `getrandbits` read once for all its dice). The same loop as CPython's
    `Random._randbelow_with_getrandbits` (3.11-3.13): the same draws; a subclass of
    `Random` is asked through its own methods instead (tests/engine/test_dice.py
    holds the two to the same faces)."""
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


class DiceError(ValueError):
    """A dice expression or a list of faces that cannot be used."""


@frozen_record
class Dice:
    """`count` dice of `sides` faces; `explode` re-rolls and adds on the maximum face."""

    count: int
    sides: int
    explode: bool = False

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}{'!' if self.explode else ''}"

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        """Faces rolled; an exploding die adds one face per maximum it shows."""
        if not self.explode and type(rng) is _RANDOM:  # most rolls: `below` written out
            sides = self.sides
            k = sides.bit_length()
            getrandbits = rng.getrandbits
            faces: list[int] = []
            for _ in range(self.count):
                r = getrandbits(k)
                while r >= sides:
                    r = getrandbits(k)
                faces.append(1 + r)
            return tuple(faces)
        faces = []
        for _ in range(self.count):
            face = rng.randint(1, self.sides)
            faces.append(face)
            extra = 0
            while self.explode and face == self.sides and extra < MAX_EXPLOSIONS:
                face = rng.randint(1, self.sides)
                faces.append(face)
                extra += 1
        return tuple(faces)

    def check_faces(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Return `faces` if they can come from these dice, else raise `DiceError`."""
        for face in faces:
            if not 1 <= face <= self.sides:
                raise DiceError(f"{face} is not a face of a d{self.sides} (1–{self.sides})")
        if not self.explode:
            if len(faces) != self.count:
                raise DiceError(
                    f"{self} needs {self.count} face{'s' if self.count != 1 else ''}, "
                    f"got {len(faces)}"
                )
            return faces
        # Exploding: each die is a run of maximum faces closed by a non-maximum one, or a
        # run of 1 + MAX_EXPLOSIONS maximum faces (where rolling stops exploding).
        dice = 0
        i = 0
        complete = True
        while i < len(faces):
            dice += 1
            run = 0
            while i < len(faces) and faces[i] == self.sides and run <= MAX_EXPLOSIONS:
                i += 1
                run += 1
            if run <= MAX_EXPLOSIONS:
                complete = i < len(faces)
                i += 1
        if dice != self.count or not complete:
            raise DiceError(
                f"{self} needs {self.count} dice, each maximum face followed by its extra die"
            )
        return faces


@frozen_record
class DiceSum:
    """Several kinds of dice added together (`1d8!+1d6!`: a characteristic die and a skill
    die, each exploding on its own maximum). Faces are typed part after part."""

    parts: tuple[Dice, ...]

    def __str__(self) -> str:
        return "+".join(str(part) for part in self.parts)

    @property
    def count(self) -> int:
        return sum(part.count for part in self.parts)

    @property
    def explode(self) -> bool:
        return any(part.explode for part in self.parts)

    def roll(self, rng: random.Random) -> tuple[int, ...]:
        return tuple(face for part in self.parts for face in part.roll(rng))

    def check_faces(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """Return `faces` if they read as each part's dice in turn, else raise `DiceError`."""
        i = 0
        for part in self.parts:
            for _ in range(part.count):
                if i >= len(faces):
                    raise DiceError(f"{self} needs a face for its d{part.sides}")
                i = _one_die(part, faces, i)
        if i < len(faces):
            raise DiceError(
                f"{self}: {len(faces) - i} face{'s' if len(faces) - i != 1 else ''} too many "
                "(a die rolls again only after its maximum face)"
            )
        return faces


def _one_die(part: Dice, faces: tuple[int, ...], i: int) -> int:
    """Where the die of `part` starting at `faces[i]` ends (its explosions included)."""
    run = 0
    while True:
        face = faces[i]
        if not 1 <= face <= part.sides:
            raise DiceError(f"{face} is not a face of a d{part.sides} (1–{part.sides})")
        i += 1
        if not (part.explode and face == part.sides and run < MAX_EXPLOSIONS):
            return i
        run += 1
        if i >= len(faces):
            raise DiceError(f"{face} is the d{part.sides}'s maximum: type the face it rolled again")


@lru_cache(maxsize=256)
def parse_expr(expr: str) -> Dice | DiceSum:
    """`parse_dice`, or several expressions joined by `+` (a `DiceSum`)."""
    if "+" not in expr:
        return parse_dice(expr)
    return DiceSum(tuple(parse_dice(part) for part in expr.split("+")))


@lru_cache(maxsize=256)
def parse_dice(expr: str) -> Dice:
    """Parse `NdS` or `NdS!` (N defaults to 1)."""
    match = _EXPR.match(expr.lower())
    if not match:
        raise DiceError(f"not a dice expression: {expr!r}")
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    if count < 1 or sides < 2:
        raise DiceError(f"not a dice expression: {expr!r}")
    return Dice(count, sides, bool(match.group(3)))


def parse_faces(text: str, dice: Dice | DiceSum) -> tuple[int, ...]:
    """Parse faces typed at the table (`read_faces`) and check them against `dice`."""
    return dice.check_faces(read_faces(text, dice))


def read_faces(text: str, dice: Dice | DiceSum) -> tuple[int, ...]:
    """Read faces typed at the table ("3 5", "3,5", or "35" when every face of `dice`
    is one digit), unchecked: the TUI reads, `Roll.coerce` checks (the one place)."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if len(parts) == 1 and len(parts[0]) > 1 and parts[0].isdigit() and _one_digit(dice):
        parts = list(parts[0])  # "12345" for 5d6: one digit a die
    if not parts:
        raise DiceError(f"type the faces rolled for {dice}, e.g. {_example(dice)}")
    faces: list[int] = []
    for part in parts:
        if not part.isdigit():
            raise DiceError(f"{part!r} is not a number; type faces like {_example(dice)}")
        faces.append(int(part))
    return tuple(faces)


def _one_digit(dice: Dice | DiceSum) -> bool:
    """Every face of these dice is one digit (so "35" can only mean 3 and 5)."""
    parts = dice.parts if isinstance(dice, DiceSum) else (dice,)
    return all(part.sides <= 9 for part in parts)


#: The faces a hint shows, die by die (2d6: "3 5").
_HINT_FACES = (3, 5, 2, 4, 1, 6)


def faces_hint(dice: Dice | DiceSum) -> str:
    """How faces are typed, for the entry line (short: it is not wrapped): faces these
    dice accept as typed, one a die, none an exploding die's maximum ("e.g. 3" for 1d6:
    "3 5" was refused there). Dice of one digit also run together ("e.g. 3 5 or 35"),
    four or more only together; a die over 9 faces shows a 10 with its space ("e.g.
    10 5": a d10's "35" reads as one face, 35, and is refused)."""
    parts = dice.parts if isinstance(dice, DiceSum) else (dice,)
    faces: list[int] = []
    for part in parts:
        for _ in range(part.count):
            face = _HINT_FACES[len(faces) % len(_HINT_FACES)]
            top = part.sides - 1 if part.explode else part.sides
            if top >= 10 and not any(f >= 10 for f in faces):
                face = 10
            faces.append(min(face, top))
    spaced = " ".join(str(face) for face in faces)
    if not _one_digit(dice) or len(faces) == 1:
        return f"e.g. {spaced}"
    joined = "".join(str(face) for face in faces)
    return f"e.g. {spaced} or {joined}" if len(faces) <= 3 else f"e.g. {joined}"


def _example(dice: Dice | DiceSum) -> str:
    if isinstance(dice, DiceSum):
        return " ".join(_example(part) for part in dice.parts)
    return " ".join(str(min(dice.sides, 3 + i)) for i in range(dice.count))


def group_faces(dice: Dice | DiceSum, faces: Sequence[int]) -> list[tuple[int, ...]]:
    """The faces of each die, in order (an exploding die's run of maximum faces with the
    face that closed it): `1d8!+1d6!` with 8 3 2 → (8, 3), (2,). Faces that do not read
    as these dice give one group of all of them."""
    faces = tuple(faces)
    parts = dice.parts if isinstance(dice, DiceSum) else (dice,)
    groups: list[tuple[int, ...]] = []
    i = 0
    try:
        for part in parts:
            for _ in range(part.count):
                end = _one_die(part, faces, i) if part.explode else i + 1
                if end > len(faces):
                    raise DiceError("short")
                groups.append(faces[i:end])
                i = end
    except (DiceError, IndexError):
        return [faces]
    return groups if i == len(faces) else [faces]
