"""A homebrew author's persona files (issue 26, point 3): a persona works without Python,
and a mistyped one is refused with its file and the reason, never a traceback nor a
battle the app cannot decide (found by the review: `kill = nan` reached the policy,
whose scores could not be compared; an empty name was taken)."""

from __future__ import annotations

import pytest

from skirmtui.cli import main
from skirmtui.engine.play.personas import PersonaError, personas
from tests.conftest import Write

WI = "wargaming-introduttivo"


def test_a_homebrew_persona_needs_no_python(persona_files: Write) -> None:
    persona_files(WI, '[sniper]\nabout = "shoots from afar"\nharm = 3\nkeep = 2')
    sniper = personas(WI)["sniper"]
    assert (sniper.harm, sniper.keep, sniper.kill, sniper.about) == (
        3.0,
        2.0,
        0.0,
        "shoots from afar",
    )
    assert "sniper" not in personas("regole-base")  # a system's own: that system's only


@pytest.mark.parametrize(
    ("toml", "said"),
    [
        ("[homebrew]\nkill = nan", "homebrew.kill must be a finite number, not nan"),
        ("[homebrew]\nharm = inf", "homebrew.harm must be a finite number, not inf"),
        ('[""]\nkill = 1', "a persona needs a name"),
        ('["  "]\nkill = 1', "a persona needs a name"),
        ('["red:blue"]\nkill = 1', "a persona's name cannot hold ':'"),
        ("[homebrew]\nabout = 3", "homebrew.about must be text"),
        ('[homebrew]\nrandom = "yes"', "homebrew.random must be true or false"),
        ("[homebrew]\nkil = 5", "homebrew.kil is not a persona weight (weights: kill, harm"),
        ('[homebrew]\nrisk = "x"', "homebrew.risk must be a number"),
    ],
)
def test_a_mistyped_persona_is_refused_naming_its_file(
    persona_files: Write, toml: str, said: str
) -> None:
    path = persona_files(WI, toml)
    with pytest.raises(PersonaError) as refused:
        personas(WI)
    assert str(refused.value).startswith(f"{path}: ") and said in str(refused.value)


def test_the_shared_file_is_named_when_it_is_the_shared_one(persona_files: Write) -> None:
    path = persona_files("shared", "[steady]\nrisk = nan")
    with pytest.raises(PersonaError, match="must be a finite number") as refused:
        personas(WI)
    assert str(refused.value).startswith(f"{path}: ")


def test_sim_and_new_refuse_a_mistyped_persona_as_bad_usage(
    persona_files: Write, capsys: pytest.CaptureFixture[str]
) -> None:
    persona_files(WI, "[homebrew]\nkill = nan")
    assert main(["sim", WI, "--battles", "1", "--ai", "red:homebrew"]) == 2
    err = capsys.readouterr().err
    assert "must be a finite number" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["new", WI, "--ai", "purple:aggressive"], "no side 'purple'"),
        (
            ["sim", WI, "--battles", "1", "--ai", "red:aggressive", "--ai", "red:cautious"],
            "given twice",
        ),
        (["new", WI, "--ai", "blue", "--ai", "blue:cautious"], "given twice"),
    ],
    ids=["new-unknown-side", "sim-side-twice", "new-side-twice"],
)
def test_a_side_unknown_or_given_twice_is_bad_usage(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from skirmtui.cli import common

    def started(_app: object) -> int:
        raise AssertionError("the app started")

    monkeypatch.setattr(common, "run_app", started)
    assert main(argv) == 2  # before any app or battle starts
    assert said in capsys.readouterr().err


def test_new_takes_a_side_its_form_may_name() -> None:
    from skirmtui.cli.common import app_sides, form_sides
    from skirmtui.systems.registry import get_system

    system = get_system(WI)
    sides = form_sides(system, None)
    assert sides[:2] == ["red", "blue"] and len(sides) == system.max_players
    assert app_sides(system, ["blue:cautious"], sides) == {"blue": "cautious"}
