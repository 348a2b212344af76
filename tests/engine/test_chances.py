"""Issue 27: chance to win over time, from random play-outs at each round's start;
charts drawn as SVG with user text escaped; the HTML page and the md report's charts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skirmtui.cli import main
from skirmtui.engine.core.session import Session
from skirmtui.engine.report.chances import DRAW, chances, round_starts
from skirmtui.engine.report.charts import chance_chart, charts, line_chart
from skirmtui.engine.report.html import html_report
from skirmtui.engine.report.turning import turning
from skirmtui.engine.store.saves import load_session
from skirmtui.systems.registry import systems
from tests.systems import rb_helpers as rb
from tests.systems.scripting import play

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def _example(name: str) -> Session:
    return load_session(EXAMPLES / f"{name}.toml", systems())[0]


def test_chances_are_deterministic_and_sum_to_one() -> None:
    session = _example("regole-base")
    first, again = chances(session, 12), chances(session, 12)
    assert first == again
    starts = [number for number, _, _ in round_starts(session)]
    assert starts == list(range(1, session.battle.round + 1))
    assert [c.round for c in first] == [*starts, session.battle.round]
    for point in first:
        assert sum(point.chances.values()) == pytest.approx(1.0)
    assert first[-1].playouts == 0 and first[-1].chances["red"] == 1.0  # Armigeri won
    assert 0 < first[0].margin <= 1.96 * (0.25 / 12) ** 0.5 + 1e-9


def test_a_wipe_out_in_round_1_shows_the_winners_chance_rising_to_100() -> None:
    """A model of R 1 against a sure kill: the battle is won in round 1."""
    s = rb.session({"red": [rb.model("A", r=1)], "blue": [rb.model("B", weapons="Ascia")]})
    rb.initiative(s, 6, 1)
    play(s, ("move.mode", "simple"), ("move.within_1", True), ("melee.hit", (3, 3)))
    play(s, ("wound.roll", (3, 3)))
    assert s.battle.result is not None and s.battle.result.winner == "blue"
    assert s.battle.result.round == 1
    found = chances(s, 30)
    assert [c.round for c in found] == [1, 1]
    assert found[-1].chances["blue"] == 1.0 and found[-1].chances["red"] == 0.0
    assert found[0].chances["blue"] < 1.0  # from round 1's start, red could still have won
    svg = chance_chart(s.battle, found)
    assert svg.count("<polyline") == 2 and "100%" in svg


def test_a_playout_that_never_ends_counts_as_a_draw_not_a_hang() -> None:
    session = _example("regole-base")
    from skirmtui.engine.report import chances as module

    limit = module.MAX_PLAYOUT_ANSWERS
    module.MAX_PLAYOUT_ANSWERS = 1
    try:
        found = chances(session, 3)
    finally:
        module.MAX_PLAYOUT_ANSWERS = limit
    assert found[0].chances[DRAW] == 1.0


def test_charts_escape_names_and_draw_each_series() -> None:
    svg = line_chart("Odd <b>names</b>", ["R1", "R2"], [("A&B <x>", [10.0, 90.0])], 100, "%")
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "A&amp;B &lt;x&gt;" in svg
    assert svg.startswith("<svg") and "http://" not in svg.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )


def test_the_html_report_is_one_self_contained_page() -> None:
    session = _example("pequenas-guerras")
    page = html_report(session, session.system.summary(session.battle), turning(session, 5))
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 3
    assert "<script" not in page and "<link" not in page and "@import" not in page
    assert "default-src 'none'" in page  # the browser may fetch nothing
    assert "<table>" in page and "Who destroyed whom" in page
    assert "5 random play-outs" in page  # the Markdown's turning points, one source


def test_user_text_in_the_html_report_is_shown_not_obeyed() -> None:
    system = systems()["wargaming-introduttivo"]
    import attrs

    setup = system.demo_setup()
    evil = attrs.evolve(setup, title="<script>alert(1)</script>")
    session = Session(system, evil)
    rng = random.Random(3)
    while session.prompt is not None and len(session.items) < 40:
        session.answer(session.prompt.random_answer(rng))
    page = html_report(session, session.system.summary(session.battle), None)
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_md_to_a_file_writes_its_charts_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.md"
    save = EXAMPLES / "regole-base.toml"
    assert main(["export", str(save), "--format", "md", "--playouts", "4", "-o", str(out)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["report-chances.svg", "report-luck.svg", "report-strength.svg", "report.md"]
    text = out.read_text(encoding="utf-8")
    assert "![chances](report-chances.svg)" in text and "![luck](report-luck.svg)" in text
    assert (tmp_path / "report-luck.svg").read_text(encoding="utf-8").startswith("<svg")
    assert main(["export", str(save), "--format", "md"]) == 0
    assert "## Charts" not in capsys.readouterr().out  # to standard output: no files, no links
    assert set(charts(_example("regole-base"), None)) == {"strength", "luck"}


def test_a_negative_playout_count_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    save = str(EXAMPLES / "regole-base.toml")
    assert main(["export", save, "--format", "html", "--playouts", "-1"]) == 2
    assert "--playouts must be 0 or more" in capsys.readouterr().err


def test_html_without_playouts_has_no_chance_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.html"
    save = str(EXAMPLES / "regole-base.toml")
    assert main(["export", save, "--format", "html", "--playouts", "0", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.count("<svg") == 2 and "Chance to win" not in page


def test_a_terminal_is_told_what_the_wait_is_for(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The play-outs take seconds: on a terminal, one line on stderr says so (never in a
    pipe, where stderr stays empty, nor with --playouts 0)."""
    import sys

    save = str(EXAMPLES / "regole-base.toml")
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["export", save, "--format", "md", "--playouts", "1"]) == 0
    assert "--playouts 0 skips it" in capsys.readouterr().err
    assert main(["export", save, "--format", "md", "--playouts", "0"]) == 0
    assert capsys.readouterr().err == ""


def test_strength_is_in_points_where_profiles_carry_them() -> None:
    """Issue 27: "side strength (units and points standing)", in SVG and the terminal."""
    from skirmtui.engine.report.charts import strength_series
    from skirmtui.engine.report.losses import worth

    battle = _example("wargaming-introduttivo").battle
    priced, labels, series, _ = strength_series(battle)
    fielded = {
        s.id: sum(worth(u) or 0 for u in battle.units.values() if u.side == s.id)
        for s in battle.sides
    }
    assert priced and labels[0] == "Start"
    assert [values[0] for _, values in series] == [fielded[s.id] for s in battle.sides]
    assert not strength_series(_example("regole-base").battle)[0]  # no costs: units


def _labels(svg: str) -> dict[str, float]:
    """The y axis's labels and the height each is written at."""
    import re

    found = re.findall(r'<text x="\d+" y="([\d.]+)" text-anchor="end">([^<]*)</text>', svg)
    return {label: float(y) - 4 for y, label in found}


def test_a_count_axis_is_marked_in_whole_units_where_its_points_are() -> None:
    """Found reviewing a battle: three units a side gave the axis 0, 0.75, 1.5, 2.25 and 3
    written as "0 1 2 2 3" (two 2s, and no label where a side's 1 unit is drawn);
    the terminal's chart said 0.67, 1.33… units. A count's axis is marked in whole
    numbers, each label at the height of its value."""
    from skirmtui.engine.core import records
    from skirmtui.engine.report.charts import strength_chart

    system = systems()["regole-base"]
    setup = system.demo_setup()
    kept = [u for u in setup.units if u.id in {"red1", "red2", "red3", "blue1", "blue2", "blue3"}]
    assert len(kept) == 6
    battle = Session(system, records.evolve(setup, units=kept)).battle
    svg = strength_chart(battle)
    labels = _labels(svg)
    assert list(labels) == ["0", "1", "2", "3"], labels
    steps = [labels[str(n)] - labels[str(n + 1)] for n in range(3)]
    assert max(steps) - min(steps) < 0.2  # evenly spaced: each label at its value
    import re

    drawn = {float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)}
    assert drawn == {labels["3"]}  # three units standing, drawn on the "3" line
