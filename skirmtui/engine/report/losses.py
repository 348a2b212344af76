"""Who destroyed whom: every unit that left the table, with the cause its rule recorded
(engine/core/causes.py), and the words the reports say it in. Never guessed from the
log's words (issue 27)."""

from __future__ import annotations

from collections.abc import Callable

from skirmtui.engine.core.battle import Battle, Unit
from skirmtui.engine.core.causes import ATTACK, ATTACKS, FALL, FLED, GM, ROUT, RULE, SELF, Cause
from skirmtui.engine.core.records import frozen_record
from skirmtui.engine.core.text import one_line

#: Profile fields that hold what a unit is worth, in the systems' own names.
COST_FIELDS = ("cost", "points")


@frozen_record
class Loss:
    unit: str
    round: int
    #: The enemy unit whose attack removed it, "GM", or None when no enemy did.
    by: str | None
    #: The entry that removed it.
    entry: int
    #: Why, as the rule that removed it recorded it (`causes.py`).
    cause: Cause | None = None


def losses(battle: Battle) -> list[Loss]:
    """Every unit removed from the table (and not put back), with the cause the rule
    that removed it recorded: never guessed from the log's words."""
    found: dict[str, Loss] = {}
    for entry in battle.log:
        for effect in entry.effects:
            if effect.field != "removed" or effect.unit is None:
                continue
            if effect.after is True:
                found[effect.unit] = Loss(
                    effect.unit, entry.round, _culprit(effect.cause), entry.index, effect.cause
                )
            else:
                found.pop(effect.unit, None)
    return sorted(found.values(), key=lambda loss: loss.entry)


def _culprit(cause: Cause | None) -> str | None:
    if cause is None:
        return None
    if cause.kind == GM:
        return "GM"
    # An attack's attacker; a fall's pusher (pequenas-guerras "Empurrando").
    return cause.unit if cause.kind in (ATTACK, FALL) else None


def worth(unit: Unit) -> int | None:
    for field in COST_FIELDS:
        value = unit.profile.get(field)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


#: What removed a unit when no enemy's attack did, by its cause's kind: "no enemy: …" in
#: the "destroyed by" column, and in a round's paragraph.
_NO_ENEMY = {
    ROUT: "it failed a morale or rout test",
    FALL: "a fall or the terrain",
    SELF: "its own weapon",
    FLED: "it fled the fight",
    RULE: "a rule of the system",
}


#: Its fate in a sentence where that is not "was lost to" the words above.
_FATE = {ROUT: "was lost to a failed morale or rout test", FLED: "fled the fight"}


def _kind(loss: Loss) -> str:
    kind = loss.cause.kind if loss.cause is not None else RULE
    return kind if kind in _NO_ENEMY else RULE


def _no_enemy(loss: Loss) -> str:
    return _NO_ENEMY[_kind(loss)]


def by_words(
    battle: Battle, names: dict[str, str], loss: Loss, text: Callable[[str], str] | None = None
) -> str:
    """Who removed it. `text` makes user text (names, weapons) fit where the words go:
    `cell` (the default) for Markdown, `one_line` for a screen that shows text as
    written (the TUI: no Markdown escapes)."""
    text = text or cell
    if loss.by == "GM":
        return "the GM (removed it)"
    if loss.by is None or loss.by not in battle.units:
        return f"no enemy: {_no_enemy(loss)}"
    killer = battle.units[loss.by]
    how = _how(loss.cause, text)
    side = text(battle.side_name(killer.side))
    if killer.side == battle.units[loss.unit].side:
        side += ", its own side"  # friendly fire (a template over a friend)
    return f"{text(names[killer.id])} ({side}){how}"


def _how(cause: Cause | None, text: Callable[[str], str]) -> str:
    """`: free attack with Spada` from an attack's cause."""
    if cause is None:
        return ""
    if cause.kind == FALL:
        return ": pushed, it fell"
    what = ATTACKS.get(cause.attack or "", cause.attack or "")
    parts = [p for p in (what, cause.weapon and f"with {cause.weapon}") if p]
    return f": {text(' '.join(parts))}" if parts else ""


def fate_words(
    battle: Battle, names: dict[str, str], loss: Loss, text: Callable[[str], str] | None = None
) -> str:
    """Its fate in a sentence (`text` as for `by_words`)."""
    if loss.by == "GM":
        return "was removed by the GM"
    if loss.by is None or loss.by not in battle.units:
        return _FATE.get(_kind(loss), f"was lost to {_no_enemy(loss)}")
    return f"was destroyed by {by_words(battle, names, loss, text)}"


def loss_phrase(battle: Battle, names: dict[str, str], loss: Loss) -> str:
    """What removed it, for a sentence: `free attack with Ascia by Capobanda`, `a fall or
    the terrain`, `removed by the GM`."""
    cause = loss.cause
    if loss.by == "GM":
        return "removed by the GM"
    if loss.by is None or loss.by not in battle.units or cause is None:
        return _no_enemy(loss)
    killer = cell(names[loss.by])
    if cause.kind == FALL:
        return f"a fall, pushed by {killer}"
    what = ATTACKS.get(cause.attack or "", cause.attack or "") or "attack"
    weapon = f" with {cell(cause.weapon)}" if cause.weapon else ""
    return f"{what}{weapon} by {killer}"


def cell(text: str) -> str:
    """User text for one line of Markdown: control characters shown, not obeyed, and a
    `|` escaped so a name cannot split a table cell."""
    return one_line(text).replace("|", "\\|")


def row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"
