"""The turn's light (seed "Rappresentare la situazione"; CG-10): the GM describes the
situation at each turn's start, the light with it, and the light alone changes a check
(the difficulty of a ranged attack in dim light or darkness, of a melee in darkness).

Since issue 25's second cut the light is asked where a rule first reads it, the turn's
first attack (`turn.light`), offering last turn's light (Enter keeps it): a turn in
which nobody attacks asks nothing, and every attack of a turn reads the same light as
when it was asked at the turn's start. Older saves (`questions` up to "first pass")
were asked at each turn's start (`turn.scene`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from skirmtui.engine.core.asking import offer_last
from skirmtui.engine.core.battle import Battle
from skirmtui.engine.core.prompts import Choose, Option, Prompt
from skirmtui.systems.combattimento_gdr.position import pos
from skirmtui.systems.combattimento_gdr.tables import modifiers

#: `CGPosition.light` while the GM has not said this turn's light.
UNSAID = ""


def light_options() -> list[Option]:
    return [Option(k, str(v["label"])) for k, v in modifiers()["light"].items()]


def ask_at_start(b: Battle) -> Generator[Prompt, Any, str]:
    """The question of older saves: the scene and its light at the turn's start."""
    light = yield Choose(
        key="turn.scene",
        text=f"Turn {b.round}: the GM describes the situation (positions, distances, who is "
        "there; a GM note keeps it in the log). The light this turn?",
        options=light_options(),
    )
    return str(light)


def light(b: Battle, kind: str) -> Generator[Prompt, Any, list[tuple[str, int]]]:
    """The light's modifier to a `kind` attack's difficulty ("melee" or "ranged"),
    asking the turn's light first when the GM has not said it this turn."""
    where = pos(b)
    if where.light == UNSAID:
        prompt = Choose(
            key="turn.light",
            text=f"Turn {b.round}: the light (the GM's scene; this turn's first attack reads it)?",
            options=light_options(),
        )
        where.light = str((yield offer_last(b, prompt)))
    row = modifiers()["light"][where.light]
    return [(str(row["label"]), int(row[kind]))]
