"""The setup screen of `skirmtui new`: players, armies (sample or typed in), options, seed.

The rule system validates the setup (`check_setup`); this screen only gathers it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static, TextArea

from skirmtui.engine.core import app_rolls
from skirmtui.engine.core.armies import SIDE_IDS, army_names, army_units, load_army
from skirmtui.engine.core.battle import Side
from skirmtui.engine.core.system import FieldSpec, Setup, SetupError, UnitSpec
from skirmtui.engine.core.text import safe
from skirmtui.systems.registry import get_system
from skirmtui.tui.usertext import plain

TYPED = "typed"


class FieldError(SetupError):
    """A setup refused because of one field: the form focuses it."""

    def __init__(self, message: str, widget_id: str) -> None:
        super().__init__(message)
        self.widget_id = widget_id


class SetupScreen(Screen[Setup | None]):
    CSS_PATH = "setup.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "Start the battle", id="start", priority=True),
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(
        self,
        system_id: str,
        preset: Setup | None,
        seed: int | None,
        ai: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        #: Sides the app plays (side id → persona): `new --ai` fills it in, the form's
        #: "Played by" rows change it in place when the battle starts.
        self.ai = ai if ai is not None else {}
        self.system = get_system(system_id)
        self.preset = preset
        self.seed = seed if seed is not None else (preset.seed if preset else 1)
        self.armies = army_names(system_id)
        #: Each player's typed units as the form opened (Esc asks only if they changed).
        self._typed_at_start: list[str] = []

    def compose(self) -> ComposeResult:
        system = self.system
        preset = self.preset
        players = len(preset.sides) if preset else system.min_players
        # Not focusable itself: Tab starts at the title and the form scrolls to follow focus.
        with VerticalScroll(id="form", can_focus=False):
            yield Static(plain(f"New battle — {system.title}"), id="setup-title")
            yield Static(id="setup-error")
            with Horizontal(classes="row"):
                yield Label("Title")
                yield Input(preset.title if preset else f"{system.title} battle", id="title")
            with Horizontal(classes="row"):
                yield Label("Seed")
                yield Input(str(self.seed), id="seed", type="integer")
            with Horizontal(classes="row"):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in range(system.min_players, system.max_players + 1)],
                    value=players,
                    allow_blank=False,
                    id="players",
                )
            for option in system.setup_options:
                value = (
                    preset.options.get(option.name, option.default) if preset else option.default
                )
                with Horizontal(classes="row"):
                    yield Label(plain(option.label), classes="option-label")
                    if option.kind is bool:
                        yield Checkbox("on", value=bool(value), id=f"opt-{option.name}")
                    else:
                        yield Input(str(value), type="integer", id=f"opt-{option.name}")
            army_choices = [(plain(name), name) for name in self.armies] + [
                (plain("typed in below"), TYPED)
            ]
            rolls = self._preset_rolls()
            for i in range(system.max_players):
                side = preset.sides[i] if preset and i < len(preset.sides) else None
                with Vertical(classes="player", id=f"player-{i}"):
                    with Horizontal(classes="row"):
                        yield Label(f"Player {i + 1}")
                        yield Input(side.name if side else SIDE_IDS[i].capitalize(), id=f"name-{i}")
                        default = TYPED if side else self.armies[i % len(self.armies)]
                        yield Select(army_choices, value=default, allow_blank=False, id=f"army-{i}")
                    played = self.ai.get(SIDE_IDS[i]) or (self.ai.get(side.id) if side else None)
                    with Horizontal(classes="row"):
                        yield Label("Played by")
                        yield Select(
                            player_choices(self.system.id),
                            value=played or "",
                            allow_blank=False,
                            id=f"play-{i}",
                            classes="played",
                        )
                        # Who the app rolls for (engine/core/app_rolls.py), beside who
                        # plays: every box ticked is "everyone" (the table's rolls too).
                        yield Checkbox(
                            "app rolls its dice",
                            value=SIDE_IDS[i] in rolls,
                            id=f"rolls-{i}",
                        )
                    typed = ""
                    if side and preset:
                        typed = "\n".join(
                            _typed_line(u, system.profile_fields)
                            for u in preset.units
                            if u.side == side.id
                        )
                    # Tab leaves the box (it never inserts a tab): the form is filled in order.
                    self._typed_at_start.append(typed)
                    area = TextArea(typed, id=f"units-{i}", classes="units", tab_behavior="focus")
                    area.border_title = f"Units of player {i + 1}"
                    yield Static(
                        plain(_units_help(system.profile_fields)),
                        id=f"units-help-{i}",
                        classes="units-help",
                    )
                    yield area
            with Horizontal(id="setup-buttons"):
                yield Button("Start (Ctrl+S)", id="start", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self._players_changed()
        self.query_one("#title", Input).focus()
        problem = persona_problem(self.system.id)
        if problem:
            self.notify(safe(problem), title="Personas", severity="warning", markup=False)

    @on(Select.Changed, "#players")
    def _players_changed(self) -> None:
        count = self._players()
        for i in range(self.system.max_players):
            self.query_one(f"#player-{i}").display = i < count
        for i in range(self.system.max_players):
            self._army_changed_for(i)

    @on(Select.Changed)
    def _army_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("army-"):
            self._army_changed_for(int(event.select.id.split("-")[1]))

    def _army_changed_for(self, i: int) -> None:
        typed = self.query_one(f"#army-{i}", Select).value == TYPED
        self.query_one(f"#units-{i}", TextArea).display = typed
        self.query_one(f"#units-help-{i}", Static).display = typed

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return int(value) if isinstance(value, int) else self.system.min_players

    # -- building the setup ------------------------------------------------------------------

    def build(self) -> Setup:
        """The setup as typed; raises `SetupError` naming the problem."""
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.lstrip("-").isdigit():
            raise FieldError("the seed must be a whole number", "seed")
        sides: list[Side] = []
        units: list[UnitSpec] = []
        for i in range(self._players()):
            side_id = SIDE_IDS[i]
            name = self.query_one(f"#name-{i}", Input).value.strip() or side_id.capitalize()
            sides.append(Side(side_id, name))
            army = self.query_one(f"#army-{i}", Select).value
            if army == TYPED:
                text = self.query_one(f"#units-{i}", TextArea).text
                kept = self._preset_units(i, side_id, text)
                try:
                    typed = kept or _parse_units(text, side_id, name, self.system.profile_fields)
                except SetupError as error:
                    raise FieldError(str(error), f"units-{i}") from None
                units += typed
            else:
                units += army_units(load_army(self.system.id, str(army)), side_id)
        # A scenario's options the form does not show (stakes, event markers) carry over.
        options: dict[str, object] = dict(self.preset.options) if self.preset else {}
        for option in self.system.setup_options:
            if option.kind is bool:
                options[option.name] = self.query_one(f"#opt-{option.name}", Checkbox).value
                continue
            raw = self.query_one(f"#opt-{option.name}", Input).value.strip()
            if not raw.lstrip("-").isdigit():
                raise FieldError(f"{option.label}: type a whole number", f"opt-{option.name}")
            value = int(raw)
            if (option.minimum is not None and value < option.minimum) or (
                option.maximum is not None and value > option.maximum
            ):
                raise FieldError(
                    f"{option.label}: {option.minimum}–{option.maximum}", f"opt-{option.name}"
                )
            options[option.name] = value
        rolled = [
            s.id for i, s in enumerate(sides) if self.query_one(f"#rolls-{i}", Checkbox).value
        ]
        setting = app_rolls.checked(rolled, [s.id for s in sides])
        if setting != app_rolls.NO_ONE or app_rolls.APP_ROLLS in options:  # "none": unsaid
            options[app_rolls.APP_ROLLS] = app_rolls.stored(setting)
        title = self.query_one("#title", Input).value.strip() or self.system.title
        setup = Setup(self.system.id, title, int(seed_text), sides, units, options)
        for spec in units:
            try:
                self.system.make_unit(spec)  # refuses a bad profile with its reason
            except SetupError as error:
                i = SIDE_IDS.index(spec.side)
                where = f"{sides[i].name}: {error}"
                if self.query_one(f"#army-{i}", Select).value == TYPED:
                    raise FieldError(where, f"units-{i}") from None
                raise SetupError(where) from None
        self.warnings = self.system.check_setup(setup)
        return setup

    def _preset_rolls(self) -> set[str]:
        """The side ids a scenario (or `new`'s preset) has the app roll for."""
        preset = self.preset
        if preset is None:
            return set()
        ids = [s.id for s in preset.sides]
        try:
            setting = app_rolls.checked(preset.options.get(app_rolls.APP_ROLLS, "none"), ids)
        except ValueError:
            return set()
        return {s for s in ids if app_rolls.rolls_for(setting, s)}

    def _preset_units(self, i: int, side_id: str, text: str) -> list[UnitSpec]:
        """The scenario's units of player `i`, whole (every profile entry, not only the
        typed columns), if the form still shows them unedited; else nothing."""
        preset = self.preset
        if preset is None or i >= len(preset.sides):
            return []
        side = preset.sides[i].id
        mine = [u for u in preset.units if u.side == side]
        if text != "\n".join(_typed_line(u, self.system.profile_fields) for u in mine):
            return []
        return [
            UnitSpec(f"{side_id}{n}", side_id, u.name, dict(u.profile))
            for n, u in enumerate(mine, start=1)
        ]

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Static)
        try:
            setup = self.build()
        except SetupError as exc:
            # At the top of the form, as a toast too, and the bad field gets the focus:
            # an error below the fold went unseen.
            error.update(Text.assemble(("Cannot start: ", "bold red"), plain(str(exc))))
            self.app.clear_notifications()
            self.notify(safe(str(exc)), title="Cannot start", severity="error", markup=False)
            if isinstance(exc, FieldError):
                self.query_one(f"#{exc.widget_id}").focus()
            return
        for warning in self.warnings:
            self.notify(safe(warning), severity="warning", markup=False)
        self.ai.clear()
        for i, side in enumerate(setup.sides):
            persona = self.query_one(f"#play-{i}", Select).value
            if isinstance(persona, str) and persona:
                self.ai[side.id] = persona
        self.dismiss(setup)

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Leave the form; a typed army is not thrown away without asking."""
        typed = [
            self.query_one(f"#name-{i}", Input).value.strip() or f"Player {i + 1}"
            for i in range(self._players())
            if self.query_one(f"#army-{i}", Select).value == TYPED
            and self.query_one(f"#units-{i}", TextArea).text != self._typed_at_start[i]
        ]
        if not typed:
            self.dismiss(None)
            return
        from skirmtui.tui.screens.confirm import ConfirmScreen

        question = ConfirmScreen(
            "Throw the typed armies away?",
            f"The units typed for {', '.join(typed)} are not kept anywhere else.",
            confirm="Throw them away",
            keep="Keep editing",
        )
        self.app.push_screen(question, self._cancel_confirmed)

    def _cancel_confirmed(self, confirmed: bool | None) -> None:
        if confirmed:
            self.dismiss(None)


def player_choices(system_id: str) -> list[tuple[Text, str]]:
    """Who may play a side: the table, or the app as one of the system's personas (their
    names shown as text, never markup); the table alone where the persona files are
    refused (`persona_problem` says why)."""
    from skirmtui.engine.play.personas import personas

    names = [] if persona_problem(system_id) else list(personas(system_id))  # (cached)
    return [(Text("the table"), "")] + [(plain(f"the app: {name}"), name) for name in names]


def persona_problem(system_id: str) -> str | None:
    """Why the system's persona files are refused (a homebrew one mistyped), if they are."""
    from skirmtui.engine.play.personas import PersonaError, personas

    try:
        personas(system_id)
    except PersonaError as error:
        return f"The app cannot play a side: {error}"
    return None


def _numbers(fields: tuple[FieldSpec, ...]) -> list[str]:
    return [f.name for f in fields if not f.derived and f.kind is not str]


def _texts(fields: tuple[FieldSpec, ...]) -> list[str]:
    """Text fields (weapons, specials) follow the numbers, each after a `|`."""
    return [f.name for f in fields if not f.derived and f.kind is str]


def _line_format(fields: tuple[FieldSpec, ...]) -> str:
    return " | ".join([" ".join(_numbers(fields)), *_texts(fields)])


def _example(fields: tuple[FieldSpec, ...]) -> str:
    """One typed unit the form accepts: 3 for each number (0 for yes/no, the field's
    bounds kept), then the text columns up to the last one with a default."""
    typed = [f for f in fields if not f.derived]
    numbers = []
    for f in typed:
        if f.kind is bool:
            numbers.append("0")
        elif f.kind is not str:
            low = f.minimum if f.minimum is not None else 3
            high = f.maximum if f.maximum is not None else 3
            numbers.append(str(min(max(3, low), high)))
    texts = [str(f.default or "") for f in typed if f.kind is str]
    while texts and not texts[-1]:
        texts.pop()
    return " | ".join([" ".join(["Archer", *numbers]), *texts])


def _units_help(fields: tuple[FieldSpec, ...]) -> str:
    """How a unit is typed, in the fields' labels and with an example line, so no one has
    to guess the columns."""
    typed = [f for f in fields if not f.derived]
    numbers = ", ".join(
        f.label + (" (1 yes, 0 no)" if f.kind is bool else "") for f in typed if f.kind is not str
    )
    texts = "".join(f" | {f.label}" for f in typed if f.kind is str)
    optional = ", which may be left out" if texts else ""
    return (
        f"One unit per line: name, then {numbers}{texts}{optional} (e.g. {_example(fields)})."
        " Enter adds a line; Tab moves on."
    )


def _typed_value(value: object) -> str:
    """A number column as typed: yes/no as 1/0 (so it parses back), nothing as empty."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return "" if value is None else str(value)


def _typed_line(unit: UnitSpec, fields: tuple[FieldSpec, ...]) -> str:
    """A preset's unit as one typed line; a number it leaves out shows the field's
    default, so editing the text still parses."""
    numbers = [f for f in fields if f.name in _numbers(fields)]
    values = [_typed_value(unit.profile.get(f.name, f.default)) for f in numbers]
    texts = [str(unit.profile.get(name, "")) for name in _texts(fields)]
    return " | ".join([" ".join([unit.name, *values]), *texts])


def _parse_units(
    text: str, side: str, side_name: str, fields: tuple[FieldSpec, ...]
) -> list[UnitSpec]:
    names = _numbers(fields)
    text_names = _texts(fields)
    units: list[UnitSpec] = []
    for number, raw in enumerate((ln.strip() for ln in text.splitlines()), start=1):
        if not raw:
            continue
        line, *extra = raw.split("|")
        if len(extra) > len(text_names):
            raise SetupError(f"{side_name}, line {number}: type {_line_format(fields)}")
        parts = line.split()
        values = parts[-len(names) :]
        if len(parts) <= len(names) or not all(v.isdigit() for v in values):
            raise SetupError(
                f"{side_name}, line {number}: type a name then "
                f"{' '.join(names)} as numbers (e.g. {_example(fields)})"
            )
        flags = {f.name for f in fields if f.kind is bool}
        profile: dict[str, int | bool | str] = {}
        for n, v in zip(names, values, strict=True):
            if n in flags and v not in ("0", "1"):
                raise SetupError(f"{side_name}, line {number}: {n} is 1 (yes) or 0 (no)")
            profile[n] = (v == "1") if n in flags else int(v)
        profile.update((n, v.strip()) for n, v in zip(text_names, extra, strict=False))
        units.append(
            UnitSpec(f"{side}{len(units) + 1}", side, " ".join(parts[: -len(names)]), profile)
        )
    if not units:
        raise SetupError(f"{side_name} has no units: type at least one")
    return units
