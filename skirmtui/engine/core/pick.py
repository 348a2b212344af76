"""`Pick`: several of a list in one answer (prompts.py re-exports it)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import ClassVar

from skirmtui.engine.core import records
from skirmtui.engine.core.options import Option, option_tuple
from skirmtui.engine.core.prompt_base import (
    PASSIVE_CHANCE,
    AnswerError,
    AnswerValue,
    Prompt,
    legal,
)


class Pick(Prompt):
    """Several of a list: any number of the enabled options, between `minimum` and
    `maximum` (None: all), at most one of each `Option.group` ("these moved over open
    ground, that one tries the impervious slope"). The answer is the values picked in
    option order, whatever order they were given in: one choice, one stored form."""

    __slots__ = ("maximum", "minimum", "options")
    options: tuple[Option, ...]
    minimum: int
    maximum: int | None
    kind: ClassVar[str] = "pick"

    def __init__(
        self,
        *,
        key: str,
        text: str,
        side: str | None = None,
        actor: str | None = None,
        target: str | None = None,
        help: str = "",
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
        default: AnswerValue | None = None,
        options: Iterable[Option],
        minimum: int = 0,
        maximum: int | None = None,
    ) -> None:
        Prompt.__init__(
            self,
            key=key,
            text=text,
            side=side,
            actor=actor,
            target=target,
            help=help,
            actors=actors,
            targets=targets,
            default=default,
        )
        object.__setattr__(self, "options", option_tuple(options))
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "maximum", maximum)

    def enabled(self) -> list[Option]:
        return [o for o in self.options if o.disabled is None]

    def option(self, value: str) -> Option | None:
        for option in self.options:
            if option.value == value:
                return option
        return None

    @property
    def most(self) -> int:
        """How many options an answer may pick at most."""
        return min(len(self.enabled()), len(self.options) if self.maximum is None else self.maximum)

    def coerce(self, value: object) -> AnswerValue:
        if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
            raise AnswerError(f"{self.key}: expected a list of options, got {value!r}")
        picked: set[str] = set()
        groups: dict[str, str] = {}
        by_value = {o.value: o for o in self.options}  # once: a list may be long
        for given in value:
            option = legal(self.key, given, by_value.get, "options")
            item = option.value
            if item in picked:
                raise AnswerError(f"{option.label} is picked twice")
            if option.group is not None:
                if option.group in groups:
                    raise AnswerError(f"{option.label}: {groups[option.group]} is picked")
                groups[option.group] = option.label
            picked.add(item)
        if len(picked) < self.minimum:
            raise AnswerError(f"pick at least {self.minimum}")
        if self.maximum is not None and len(picked) > self.maximum:
            raise AnswerError(f"pick at most {self.maximum}")
        ordered = tuple(o.value for o in self.options if o.value in picked)
        return tuple(value) if ordered == tuple(value) else ordered

    def random_answer(self, rng: random.Random) -> AnswerValue:
        """Each enabled option picked at even odds (a passive one less often; a group:
        none of it half the time, else one of it), then trimmed or topped up to the
        bounds."""
        picked: list[Option] = []
        groups: dict[str, list[Option]] = {}
        enabled = self.enabled()
        for option in enabled:
            if option.group is not None:
                groups.setdefault(option.group, []).append(option)
            elif rng.random() < (PASSIVE_CHANCE if option.passive else 0.5):
                picked.append(option)
        picked += [rng.choice(members) for members in groups.values() if rng.random() < 0.5]
        most = self.most
        if len(picked) > most:
            picked = rng.sample(picked, most)
        taken = {o.group for o in picked}
        short = len(picked) < self.minimum  # (the rest is made only when it is needed)
        rest = [o for o in enabled if o not in picked and o.group not in taken] if short else []
        while len(picked) < self.minimum and rest:
            option = rest.pop(rng.randrange(len(rest)))
            picked.append(option)
            if option.group is not None:
                rest = [o for o in rest if o.group != option.group]
        chosen = {o.value for o in picked}
        return tuple(o.value for o in self.options if o.value in chosen)

    def describe(self, value: AnswerValue) -> str:
        assert isinstance(value, tuple)
        if not value:
            return "none"
        labels = {o.value: o.label for o in self.options}
        return ", ".join(labels.get(str(item), str(item)) for item in value)


records.explicit(
    Pick, frozen=True, kw_only=True, specs={"options": records.field(converter=option_tuple)}
)
