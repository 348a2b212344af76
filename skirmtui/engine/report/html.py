"""The report as one self-contained HTML page (`skirmtui export SAVE --format html`).

The Markdown report (engine/report/report.py) rendered with markdown-it (which Rich
already brings), raw HTML off so a name in a save is shown, never obeyed; the charts
inline as SVG (engine/report/charts.py). No script, no font, no image or style from
anywhere: the file opens offline and makes no network request. It reads on a phone
(the viewport's width, tables that scroll sideways).
"""

from __future__ import annotations

from html import escape

from skirmtui.engine.core.session import Session
from skirmtui.engine.report.charts import charts
from skirmtui.engine.report.report import markdown_report
from skirmtui.engine.report.turning import Turning

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; line-height: 1.45;
       margin: 0 auto; padding: 1rem; max-width: 48rem; color: #222; background: #fff; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; }
table { border-collapse: collapse; display: block; overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; }
code { background: #f3f3f3; padding: 0 0.2rem; }
figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
"""

_CAPTIONS = {
    "chances": "Each side's chance to win, from random play-outs of the battle from the "
    "start of each round (its margin in the title); the last point is the result.",
    "strength": "What each side had standing at the start and at the end of each round.",
    "luck": "How the dice treated each side against the odds shown before each roll.",
}


#: Nothing may be fetched: no script, style, font or image from anywhere.
_CSP = (
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
    "style-src 'unsafe-inline'; img-src data:\">"
)


def html_report(
    session: Session, summary: list[str], turning: Turning | None, *, full: bool = False
) -> str:
    """The whole page: the report (its turning points from `turning`), then its charts."""
    from markdown_it import MarkdownIt

    text = markdown_report(session, summary, turning, full=full)
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    found = turning.rounds if turning is not None else []
    figures = [
        f"<figure>{svg}<figcaption>{escape(_CAPTIONS[name])}</figcaption></figure>"
        for name, svg in charts(session, found or None).items()
    ]
    title = escape(session.setup.title or session.battle.system)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            _CSP,
            f"<title>{title}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            body,
            '<h2 id="charts">Charts</h2>',
            *figures,
            "</body>",
            "</html>",
            "",
        ]
    )
