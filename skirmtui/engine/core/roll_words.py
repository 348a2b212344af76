"""A roll's outcome in words (`[4] +1 = 5 ≤ 4: failure`), for the log: every roll is
logged with the same few words again and again, so each distinct one is made once
(`described`, issue 28). Plain values only: `prompts.describe_roll` reads them off the
roll and its result."""

from __future__ import annotations

from functools import lru_cache

#: How a comparison is written for people.
SYMBOLS: dict[str, str] = {"<=": "≤", ">=": "≥", "<": "<", ">": ">"}


@lru_cache(maxsize=1024, typed=True)
def described(
    faces: tuple[int, ...],
    total: int,
    threshold: int | None,
    success: bool | None,
    critical: str | None,
    per_die: bool,
    shown: int | None,
    compare: str | None,
    need: int | None,
    counted: bool,
) -> str:
    """Faces, the modifier written after them (`shown`, None: none shown), total,
    threshold and outcome; a pool (`per_die`): how many dice succeed, unless nothing is
    `counted` (a pool with no comparison: each die someone's score, a roll-off)."""
    text = f"[{' '.join(map(str, faces))}]"
    if per_die:
        if not counted:
            return text
        return text + _describe_pool(total, threshold, success, shown, compare, need)
    if shown is not None:
        text += f" {shown:+d} = {total}"
    elif len(faces) > 1:
        text += f" = {total}"
    if threshold is not None and compare is not None:
        symbol = SYMBOLS[compare]
        text += f" {symbol} {threshold}"
    if success is not None:
        text += ": success" if success else ": failure"
    if critical:
        text += f" (critical {critical})"
    return text


def _describe_pool(
    total: int,
    threshold: int | None,
    success: bool | None,
    shown: int | None,
    compare: str | None,
    need: int | None,
) -> str:
    """` each ≥ 4: 2 succeed` (`1 succeeds`; `of 3 needed: failure` when the pool needs
    a count)."""
    text = ""
    if compare is not None and threshold is not None:
        symbol = SYMBOLS[compare]
        if shown is not None:
            text += f" each {shown:+d} {symbol} {threshold}"
        else:
            text += f" each {symbol} {threshold}"
    text += f": {total} succeeds" if total == 1 else f": {total} succeed"
    if success is not None:
        text += f", {need} needed: " + ("success" if success else "failure")
    return text
