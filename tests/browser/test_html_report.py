"""`skirmtui export SAVE --format html` in a real headless browser (Debian's chromium,
driven by Playwright, as test_serve.py does): the page parses, its charts render, and
it makes no network request (issue 27). The check that a browser exists is shared
with test_serve.py: CI installs chromium, elsewhere the test is skipped saying why."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from skirmtui.cli import main
from tests.browser.test_serve import CHROMIUM, FLAGS

EXAMPLES = Path(__file__).resolve().parents[2] / "saves" / "examples"


def _browser_or_skip() -> None:
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        why = f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


def test_the_html_report_renders_its_charts_offline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _browser_or_skip()
    from playwright.sync_api import sync_playwright

    page_file = tmp_path / "report.html"
    save = EXAMPLES / "regole-base.toml"
    assert (
        main(["export", str(save), "--format", "html", "--playouts", "10", "-o", str(page_file)])
        == 0
    )
    capsys.readouterr()
    requests: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            # A phone's width: the page must read there.
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.on("request", lambda request: requests.append(request.url))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            assert page.title() == "Example: ambush on the forest road, fought to the end"
            charts = page.locator("figure svg")
            assert charts.count() == 3  # chance to win, strength, luck
            for index in range(3):
                box = charts.nth(index).bounding_box()
                assert box is not None and box["width"] > 300 and box["height"] > 100
                assert box["width"] <= 390  # scaled to the phone, not overflowing
            # the lines and points of the chance chart are drawn
            assert page.locator("figure svg").first.locator("polyline").count() == 2
            assert page.locator("h2", has_text="Who destroyed whom").count() == 1
            page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
        finally:
            browser.close()
    # The page itself is the only thing loaded: no script, style, font or image fetched.
    assert requests == [page_file.as_uri()]
    assert (tmp_path / "report.png").stat().st_size > 10_000
